"""The core line renderable (bgkit.model.drawing.Drawing) as a person's terminal shows it."""

import io

from rich.console import Console

from bgkit.api import Drawing


def shown(drawing, width):
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(drawing)
    return out.getvalue().splitlines()


def test_short_lines_print_as_they_are():
    drawing = Drawing(["Bruges · round 1", "  P1 3 francs"])
    assert shown(drawing, 80) == ["Bruges · round 1", "  P1 3 francs"]
    assert str(drawing) == "Bruges · round 1\n  P1 3 francs"


def test_a_long_line_wraps_at_spaces_with_its_continuation_indented():
    drawing = Drawing(["  hand: red canal, blue statue, green house, purple person"])
    assert shown(drawing, 30) == [
        "  hand: red canal, blue",
        "    statue, green house,",
        "    purple person",
    ]


def test_a_word_longer_than_the_line_is_folded_not_cut():
    drawing = Drawing(["x" * 50])
    lines = shown(drawing, 20)
    assert "".join(line.strip() for line in lines) == "x" * 50
    assert all(len(line) <= 20 for line in lines)


def test_styled_lines_and_paragraphs():
    drawing = Drawing(hang=0)
    drawing.line("Blue Moon City\nthe obelisk: 3 of 6", "bold")
    assert drawing.lines == ["Blue Moon City", "the obelisk: 3 of 6"]
    assert shown(drawing, 80) == ["Blue Moon City", "the obelisk: 3 of 6"]


def test_a_grid_fits_the_terminal_between_its_narrowest_and_widest_cells():
    drawing = Drawing()
    drawing.grid({(0, 0): [("Temple", "bold"), ("built", "")], (1, 1): [("Market hall", "")]}, rows=2, columns=2,
                 widest=10, narrowest=4)
    wide = shown(drawing, 100)
    assert wide[0] == "┌" + "─" * 12 + "┬" + "─" * 12 + "┐"
    assert wide[1] == "│ Temple     │            │" and wide[2] == "│ built      │            │"
    assert wide[-1] == "└" + "─" * 12 + "┴" + "─" * 12 + "┘"
    narrow = shown(drawing, 20)  # cells of 6 characters: "Market hall" wraps inside its cell
    assert all(len(line) <= 20 for line in narrow)
    assert "│ Market │" in narrow[-3] and "│ hall   │" in narrow[-2]


def test_a_table_takes_its_widest_cells_and_wraps_them_on_a_narrow_terminal():
    drawing = Drawing()
    drawing.table(("seat", "stones under the board", ""), [["1", "6 green", "start player: weather die, trophies"], None,
                                                           ["2", "6 blue", ""]], title="Boards", note="a note", right=(0,))
    wide = shown(drawing, 100)
    assert wide[:4] == ["Boards", "┌──────┬────────────────────────┬─────────────────────────────────────┐",
                        "│ seat │ stones under the board │                                     │",
                        "╞══════╪════════════════════════╪═════════════════════════════════════╡"]
    assert wide[4] == "│    1 │ 6 green                │ start player: weather die, trophies │" and wide[-1] == "a note"
    assert wide[5].startswith("├──────┼")  # the rule between two groups of rows
    narrow = shown(drawing, 40)
    assert all(len(line) <= 40 for line in narrow)
    words = lambda lines: sorted(" ".join(lines).replace("│", " ").split())  # noqa: E731
    assert [w for w in words(narrow) if w.isalnum()] == [w for w in words(wide) if w.isalnum()]  # nothing lost


def test_a_hex_map_is_framed_and_cuts_nothing_on_a_narrow_terminal():
    drawing = Drawing()
    drawing.hexes([[(f"{i}A6", "on green") for i in range(4)], [(f"{i}B2", "") for i in range(4, 11)]],
                  title="Board #1", note="Players 1, 2")
    wide = shown(drawing, 80)
    assert wide[0].startswith("╭") and "Board #1" in wide[0] and "Players 1, 2" in wide[-1]
    assert wide[1] == "│           0A6   1A6   2A6   3A6           │"  # a row of 4 centred over the 7
    narrow = shown(drawing, 20)
    assert all(len(line.rstrip()) <= 20 for line in narrow)
    assert sorted(" ".join(narrow).split()) == sorted(["Board", "#1", "Players", "1,", "2"] + [f"{i}A6" for i in range(4)]
                                                       + [f"{i}B2" for i in range(4, 11)])
