"""`game.rules.savoy` is a public contract: the AI (game/ai/savoy_ai.py, savoya_ai.py), the app, the tests and
scripts import its names, some private ones included. Since it became a package of modules by concern,
every name the single module offered must still import from it, as the very object its module defines."""

import importlib

import game.rules.savoy as savoy

# every name game/rules/savoy.py defined (or re-exported from savoy_board) before the split
NAMES = """
BIG_UNIT CELLS CELL_ID DEFAULT_PIECES GRID HOMES HOME_DISTANCE MAX_PIECES MAX_STEPS MAX_TRIPS NAME_RANK PACKED_STACKS
PASS PASS_MOVE PATH_PIPS PLAYERS PackedStacks Part RANK RAYS RAY_BY_FIRST READING_OPTIONS ROLLS ROUTES ROUTE_NUMBER
SAVOY SAVOY_BOARD SIGNS SIGN_STACKS START_NAMES SavoyBoard SavoyGame SavoyMove SavoyRules SavoyState SignStacks Stacks
Steps TRIPS_LIMIT Trip TripKey TurnTable UNIT WEIGHT _Found _Legal _MorePips _PARTS _PART_RE _Played _ROLL_RE _T
_TripEntry _and_list _assemble _budget _build_turns_in_order _cell_value _cells_key _changes _check_cell _dice_fit
_dice_text _dice_uses _group _grouped_parts _home_count _in_written_order _landable _legal_found _mine _minus_count
_multisets _names _or_list _order_patterns _orders _part _parts_fit _piece_trips _pieces_of _route_flags
_search_turns _self_pinned _single _steps_in_some_order _take _trip_keys _trips_from _turns_in_order
_turns_in_order_steps _turns_mixed _turns_per_die _turns_per_piece all_orders apply_net best_pips build_turn_steps
build_turns can_move cell_key dead_position more_pips_possible parse_move_text play_order run_steps stack_text
stacks_of start_heights trip_in_a_legal_turn trip_options turn_boards turn_is_legal written_readings
""".split()


def test_every_name_of_the_old_module_imports_from_the_package():
    missing = [name for name in NAMES if not hasattr(savoy, name)]
    assert not missing


def test_the_names_are_the_modules_own_objects():
    """A re-export is the defining module's object (not a copy that could drift)."""
    for name in NAMES:
        value = getattr(savoy, name)
        module = getattr(value, "__module__", None)
        if isinstance(module, str) and module.startswith("game.rules.savoy."):
            assert getattr(importlib.import_module(module), name, value) is value, name
    assert savoy.SAVOY.__class__ is savoy.SavoyGame and savoy.SAVOY.name == "savoy"


def test_the_ai_imports_resolve():
    importlib.import_module("game.ai.savoy_ai")
    importlib.import_module("game.ai.savoya_ai")
