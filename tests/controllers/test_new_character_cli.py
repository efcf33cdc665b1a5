"""`numdesk new-character`: the issue's example, and one clear line for every refusal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from numdesk.cli import main
from numdesk.rules.types import SkillLevel, Stat
from numdesk.store import Library
from tests.conftest import REPO_ROOT

WARRIOR = ["--rules", "cypher", "--name", "Ash", "--type", "Warrior"]
FOUR = ["--ability", "Bash", "--ability", "swipe", "--ability", "OVERWATCH"]
FOUR += ["--ability", "Combat Prowess", "--choose", "Combat Prowess=melee"]  # its own choice
EXTRA = ["--extra", "might=2", "--extra", "speed=2", "--extra", "intellect=2"]


def _run(library: Library, *args: str) -> int:
    return main(["new-character", "--library", str(library.path), *args])


def test_the_issue_example_gives_the_books_character(
    csrd_library: Library, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*WARRIOR, "--descriptor", "strong", "--focus", "bears a halo of fire", *EXTRA]
    assert _run(csrd_library, *args, *FOUR) == 1  # the book's Edge choice is not made for you
    assert capsys.readouterr().err.strip() == (
        "numdesk: Warrior: Physical Nature asks you to choose one: Might Edge 1, Speed Edge 0, "
        "Intellect Edge 0 | Might Edge 0, Speed Edge 1, Intellect Edge 0. "
        "Give --choose 'Physical Nature=ANSWER' (repeat for each)."
    )
    assert _run(csrd_library, *args, *FOUR, "--choose", "physical nature=might edge 1") == 0
    out = capsys.readouterr()
    lines = out.out.strip().splitlines()
    assert len(lines) == 1
    assert "Ash" in lines[0] and "Might 16, Speed 12, Intellect 10" in lines[0]
    assert out.err == ""
    made = csrd_library.characters.find_by_name("Ash")
    assert made is not None
    assert [made.pool(s).maximum for s in Stat] == [16, 12, 10]
    assert {s.name for s in made.skills if s.level is SkillLevel.TRAINED} == {
        "Breaking inanimate objects",
        "Jumping",
    }
    names = [a.name for a in made.abilities]
    assert "Shroud of Flame" in names
    assert {"Bash", "Swipe", "Overwatch", "Combat Prowess"} <= set(names)
    assert (made.effort, made.cypher_limit) == (1, 2)
    assert [made.pool(s).edge for s in Stat] == [1, 0, 0]
    prowess = next(a for a in made.abilities if a.name == "Combat Prowess")
    assert prowess.choice == "Melee weapon attacks"


def test_the_cli_as_a_process(csrd_library: Library, tmp_path: Path) -> None:
    args = [*WARRIOR, "--descriptor", "Strong", *EXTRA, *FOUR, "--edge", "might=1"]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "numdesk",
            "new-character",
            "--library",
            str(csrd_library.path),
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Might 16, Speed 12, Intellect 10" in done.stdout
    assert done.stderr == ""  # the Edges were given: nothing to note


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            [*WARRIOR, *EXTRA, "--ability", "Bash", "--ability", "Swipe", "--edge", "might=1"],
            "Warrior needs 4 tier-1 special abilities; 2 given: Bash, Swipe.",
        ),
        (
            [*WARRIOR, "--descriptor", "Strongg", *EXTRA, *FOUR],
            "No descriptor called 'Strongg' (did you mean Strong?)",
        ),
        (
            ["--rules", "cypher", "--name", "Ash", "--type", "Wariorr", *EXTRA, *FOUR],
            "No type called 'Wariorr' (did you mean Warrior?)",
        ),
        (
            [*WARRIOR, "--focus", "Zzzz qqq", *EXTRA, *FOUR],
            "No focus called 'Zzzz qqq' among the library's 110 cypher focus templates.",
        ),
        (
            [*WARRIOR, *EXTRA, *FOUR[:6], "--ability", "Bassh", "--edge", "might=1"],
            "No ability called 'Bassh' is offered to choose (did you mean Bash?).",
        ),
        (
            [*WARRIOR, "--extra", "might=2", *FOUR, "--edge", "might=1"],
            "6 extra points to divide among the Pools; 2 spent.",
        ),
        (
            [*WARRIOR, *EXTRA, *FOUR, "--edge", "might=1", "--edge", "speed=1"],
            "Warrior: Physical Nature gives Might Edge 1, Speed Edge 0, Intellect Edge 0 or "
            "Might Edge 0, Speed Edge 1, Intellect Edge 0; Might Edge 1, Speed Edge 1 fits "
            "neither.",
        ),
        (
            [*WARRIOR, *EXTRA, *FOUR, "--choose", "Physical Natur=Might Edge 1"],
            "No choice called 'Physical Natur' for this character (did you mean Physical Nature?).",
        ),
        (
            [*WARRIOR, *EXTRA, *FOUR, "--choose", "Physical Nature=Intellect Edge 1"],
            "Warrior: Physical Nature: 'Intellect Edge 1' is not one of its choices",
        ),
        (["--rules", "cypher", "--name", "Ash", *EXTRA], "--type is missing"),
        (["--name", "Ash", "--type", "Warrior"], "--rules is missing"),
        (["--rules", "gurps", "--name", "A", "--type", "W"], "--rules must be numenera or cypher"),
        ([*WARRIOR, "--extra", "luck=2", *FOUR], "--extra takes STAT=N with STAT might"),
        ([*WARRIOR, "--extra", "might=two", *FOUR], "--extra might=two: 'two' is not a whole"),
        (
            ["--rules", "cypher", "--name", " ", "--type", "Warrior", *EXTRA, *FOUR],
            "Give the character a name.",
        ),
    ],
)
def test_refusals_print_one_line_and_write_nothing(
    csrd_library: Library,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    before = csrd_library.count()
    assert _run(csrd_library, *args) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"numdesk: {message}")
    assert csrd_library.count() == before


def test_empty_library_takes_free_text_and_asks_for_what_it_lacks(
    library: Library, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--rules", "numenera", "--name", "Vel", "--type", "Glaive"]
    assert _run(library, *base) == 1
    assert "Starting Might Pool: type it from your rulebook." in capsys.readouterr().err
    pools = ["--pool", "might=11", "--pool", "speed=10", "--pool", "intellect=7"]
    values = ["--effort", "1", "--cypher-limit", "2", "--shins", "5", "--edge", "might=1"]
    assert _run(library, *base, "--descriptor", "Tough", *pools, *values, "--extra", "might=6") == 0
    out = capsys.readouterr().out
    assert "Might 17, Speed 10, Intellect 7" in out
    vel = library.characters.find_by_name("Vel")
    assert vel is not None and vel.descriptor == "Tough" and vel.shins == 5


def test_starter_type_names_what_it_leaves_empty(
    starter_library: Library, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(starter_library, "--rules", "numenera", "--name", "Ora", "--type", "nano") == 1
    err = capsys.readouterr().err
    assert err.strip() == (
        "numdesk: Starting Might Pool: Nano leaves it empty: fill it in from your rulebook."
    )


RUSTED = ["--rules", "cypher", "--name", "Ines", "--type", "Explorer", "--descriptor", "Rusted"]
RUSTED += ["--focus", "Explores Dark Places", *EXTRA]
RUSTED += ["--ability", "Block", "--ability", "Decipher", "--ability", "Endurance"]
RUSTED += ["--ability", "Danger Sense"]


@pytest.mark.parametrize(
    ("answer", "pools"),
    [
        ("+2 to your Might Pool", [14, 11, 11]),
        ("+2 to your intellect", [12, 11, 13]),
        ("+1 to all three Pools", [13, 12, 12]),
    ],
)
def test_each_choice_the_book_asks_is_an_option(
    csrd_library: Library, capsys: pytest.CaptureFixture[str], answer: str, pools: list[int]
) -> None:
    assert _run(csrd_library, *RUSTED) == 1
    err = capsys.readouterr().err
    assert err.startswith("numdesk: Rusted: Resilient asks you to choose one: +2 to your Might")
    assert "Give --choose 'Resilient=ANSWER'" in err
    given = ["--choose", f"Resilient={answer}", "--choose", "Inability=movement"]
    given += ["--choose", "Skill=Might defense", "--choose", "Skill 2=Juggling"]
    assert _run(csrd_library, *RUSTED, *given) == 0, capsys.readouterr().err
    made = csrd_library.characters.find_by_name("Ines")
    assert made is not None
    assert [made.pool(s).maximum for s in Stat] == pools
    skills = {s.name: s.level for s in made.skills}
    assert skills["Might defense"] is SkillLevel.TRAINED
    assert skills["Juggling"] is SkillLevel.TRAINED  # "or something similar": the player's own
    assert skills["Tasks requiring movement"] is SkillLevel.INABILITY
    assert skills["Searching"] is SkillLevel.TRAINED  # Superb Explorer's five


def test_a_choice_taken_twice_is_named_by_its_own_option(
    csrd_library: Library, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rusted's second Skill choice is asked as 'Skill (second)': the hint gives its own
    option ('Skill 2'), not the first one's, which would answer the wrong question."""
    given = ["--choose", "Resilient=+2 to your Might Pool", "--choose", "Skill=Might defense"]
    assert _run(csrd_library, *RUSTED, *given) == 1
    err = capsys.readouterr().err
    assert err.startswith("numdesk: Rusted: Skill (second) asks you to choose one: Singing")
    assert "Give --choose 'Skill 2=ANSWER'" in err
