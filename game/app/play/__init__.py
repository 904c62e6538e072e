"""What every game scene is built from: the panels beside the board (`panels`)."""
