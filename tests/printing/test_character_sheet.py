"""Character sheets read back from real PDFs: every field, page sizes, flow, blank, markup."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from numdesk.model.abilities import Skill
from numdesk.model.character import Character, StatPool
from numdesk.model.errors import DomainError
from numdesk.printing import render_character_pdf
from numdesk.rules.types import SkillLevel, Stat
from tests.printing.conftest import flat, page_count, page_size_points, pdf_text
from tests.printing.samples import MARKUP_NAME, long_character, rich_character

SIZES = {"A4": (595.0, 842.0), "Letter": (612.0, 792.0)}


def field_values(ch: Character) -> list[str]:
    """Every value a sheet must show, as text."""
    values = [ch.name, ch.player, ch.descriptor, ch.type, ch.focus, str(ch.shins), str(ch.xp)]
    if ch.flavor:
        values.append(ch.flavor)
    for pool in ch.pools.values():
        values += [str(pool.current), str(pool.maximum), str(pool.edge)]
    values += [s.name for s in ch.skills] + [s.description for s in ch.skills if s.description]
    for a in ch.abilities:
        values += [a.name, a.description]
    values += ["2 Speed", "4+ Intellect", "Enabler", "tier 3", "from descriptor"]
    for c in ch.cyphers:
        values += [c.name, c.effect]
    values += ["silver bracelet", "Level 1d6+2", "2 of 3 carried"]
    for art in ch.artifacts:
        values += [art.name, art.effect, art.depletion, art.form, f"Level {art.level}"]
    values += [o.name for o in ch.oddities] + [o.description for o in ch.oddities]
    for e in ch.equipment:
        values += [e.name, e.description]
    values += ["5 shins"]
    for w in ch.weapons:
        values += [w.name, w.range]
    values += ["two hands", "Heavy", "Light"]
    values += [a.name for a in ch.armor] + ["dented", "Medium"]
    values += [s.name for s in ch.shields]
    values += [ch.background, ch.notes, ch.connections]
    for f in ch.followers:
        values += [f.name, f.notes, "stealth +1", "combat −1", f"Level {f.level}"]
    values += ["Roll 1d6 + 5", "bonus 2", "Cost of wearing armor reduced by 1."]
    values += ["Health 9", "acquired at tier 2", "Depletion: 1 in 1d20"]
    values.append("Cypher System" if ch.profile == "cypher" else "Numenera")
    return values


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_full_sheet_shows_every_field_on_the_right_paper(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]], profile: str, size: str
) -> None:
    ch = rich_character(profile)
    out = tmp_path / "sheet.pdf"
    render_character_pdf(ch, out, page_size=size)
    text = flat(pdf_text(out))
    missing = [v for v in field_values(ch) if flat(v) not in text]
    assert missing == []
    width, height = page_size_points(out)
    assert (round(width), round(height)) == SIZES[size]
    assert 1 <= page_count(out) <= 2
    # profile-specific parts of the form
    if profile == "numenera":
        assert "Impaired" in text and "Debilitated" in text and "Take them in order" in text
        assert "Wounds".upper() not in text
    else:
        assert "Minor" in text and "Moderate" in text and "Major" in text
        assert "E expert" in text and "Haggling" in text and "block +2 / dodge −2" in text
        assert "Tower Shield" in text
    assert save_pngs(out, f"sheet-{profile}-{size}")


def test_short_character_fits_one_page(tmp_path: Path) -> None:
    out = tmp_path / "short.pdf"
    render_character_pdf(Character(name="Quick Quill"), out)
    assert page_count(out) == 1
    assert "Quick Quill" in pdf_text(out)


def test_long_lists_and_text_flow_onto_more_pages_and_nothing_is_lost(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    ch = long_character()
    out = tmp_path / "long.pdf"
    render_character_pdf(ch, out)
    assert page_count(out) > 2
    text = flat(pdf_text(out))
    for a in ch.abilities:
        assert a.name in text and flat(a.description) in text
    for c in ch.cyphers:
        assert c.name in text
    words = set(text.split())
    assert all(w in words for w in ch.notes.split())
    assert "Over the limit: 40 cyphers carried, limit 3." in text
    assert "continued" in text
    save_pngs(out, "sheet-long")


def _distinct_pools(ch: Character) -> None:
    ch.pools = {
        Stat.MIGHT: StatPool(current=37, maximum=41, edge=3),
        Stat.SPEED: StatPool(current=38, maximum=42, edge=3),
        Stat.INTELLECT: StatPool(current=39, maximum=43, edge=3),
    }


def test_blank_sheet_leaves_current_pools_empty_but_prints_maximums(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    ch = rich_character("numenera")
    _distinct_pools(ch)
    filled, blank = tmp_path / "filled.pdf", tmp_path / "blank.pdf"
    render_character_pdf(ch, filled)
    render_character_pdf(ch, blank, blank=True)
    filled_words = pdf_text(filled).split()
    blank_words = pdf_text(blank).split()
    for current in ("37", "38", "39"):
        assert current in filled_words
        assert current not in blank_words
    for maximum in ("41", "42", "43"):
        assert maximum in blank_words
    save_pngs(blank, "sheet-blank")


def test_markup_in_user_text_prints_literally(tmp_path: Path) -> None:
    ch = rich_character("cypher")
    ch.name = MARKUP_NAME
    ch.notes = "<i>not italic</i> &amp; <br/> stays"
    ch.abilities[0].name = "<h1>Big</h1>"
    out = tmp_path / "markup.pdf"
    render_character_pdf(ch, out)
    text = pdf_text(out)
    assert MARKUP_NAME in text
    assert "<i>not italic</i> &amp; <br/> stays" in text
    assert "<h1>Big</h1>" in text


def test_fonts_are_embedded(tmp_path: Path) -> None:
    import subprocess

    out = tmp_path / "fonts.pdf"
    render_character_pdf(rich_character(), out)
    fonts = subprocess.run(
        ["pdffonts", str(out)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    assert fonts and all("DejaVuSans" in line for line in fonts)
    assert all(line.split()[-5] == "yes" for line in fonts)  # the "emb" column


def test_bad_page_size_and_missing_folder_are_user_errors(tmp_path: Path) -> None:
    ch = rich_character()
    with pytest.raises(DomainError, match="A4 or Letter"):
        render_character_pdf(ch, tmp_path / "x.pdf", page_size="A5")
    with pytest.raises(DomainError, match="does not exist"):
        render_character_pdf(ch, tmp_path / "nowhere" / "x.pdf")
    assert list(tmp_path.iterdir()) == []


def test_extreme_values_wrap_and_are_never_cut(
    tmp_path: Path, save_pngs: Callable[[Path, str], list[Path]]
) -> None:
    ch = rich_character("cypher")
    ch.name = "Aurelianna " * 12 + "the Unending"
    ch.focus = "Walks " + "ever further " * 40 + "into the night"
    ch.player = "Someone With A Very Long Player Name Indeed"
    ch.xp = 9_876_543
    ch.notes = "x" * 3000 + " done ✓ ½ Ω ünïcödé"
    ch.skills = [Skill(f"Skill {i:03d}", SkillLevel.TRAINED) for i in range(90)]
    out = tmp_path / "extreme.pdf"
    render_character_pdf(ch, out, page_size="Letter")
    text = pdf_text(out)
    squeezed = "".join(text.split())
    for value in (ch.name, ch.focus, ch.player, str(ch.xp)):
        assert "".join(value.split()) in squeezed, value[:40]
    # the unbreakable word is cut into lines that poppler may read between other columns
    assert text.count("x") >= 3000 and "done ✓ ½ Ω ünïcödé" in text
    assert all(s.name in text for s in ch.skills)
    assert "SKILLS (CONTINUED)" in text
    save_pngs(out, "sheet-extreme")


def test_a_filled_sheet_keeps_empty_finds_and_notes_to_pencil_in(
    tmp_path: Path, artifacts_dir: Path
) -> None:
    """No artifact, oddity or note yet: their sections still print, with lines to write on."""
    ch = Character("Nessa", profile="numenera")
    out = tmp_path / "nessa.pdf"
    render_character_pdf(ch, out)
    text = pdf_text(out)
    for heading in ("ARTIFACTS", "ODDITIES", "NOTES"):
        assert heading in text, heading
    assert "BACKGROUND" not in text  # never written during play: left out while empty
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "60",
            "-f",
            "1",
            "-l",
            "1",
            str(out),
            str(artifacts_dir / "nessa"),
        ],
        check=True,
    )
