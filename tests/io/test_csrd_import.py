"""CSRD import: the whole file into an empty library, idempotent, and its fields mapped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from numdesk.io.csrd import CSRD_TAG, META_KEY, read_csrd
from numdesk.io.csrd_license import CSOL_NOTICE
from numdesk.io.csrd_text import display_name, extra_points, level_dice_text, pool_bonus
from numdesk.io.errors import ImportFormatError
from numdesk.io.importer import csrd_present, import_files
from numdesk.model.creature import Creature
from numdesk.model.items import Artifact, Cypher, Weapon
from numdesk.model.kinds import EntryKind
from numdesk.model.serialize import to_data
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.types import AbilityKind, AbilitySource, Stat, WeaponCategory
from numdesk.store import Library


def _raw(csrd_path: Path) -> dict:
    return json.loads(csrd_path.read_text(encoding="utf-8"))


def _by_name(lib: Library, kind: EntryKind, name: str):
    found = lib.repo_for(kind).find_by_name(name)
    assert found is not None, f"{kind.value} {name!r} missing"
    return found


def test_whole_file_imports_every_section(csrd_library: Library, csrd_path: Path) -> None:
    raw = _raw(csrd_path)
    assert csrd_library.count(EntryKind.CREATURE) == len(raw["creatures"])
    assert csrd_library.count(EntryKind.ABILITY) == len(raw["abilities"])
    assert csrd_library.count(EntryKind.CYPHER) == len(raw["cyphers"])
    assert csrd_library.count(EntryKind.ARTIFACT) == len(raw["artifacts"])
    assert csrd_library.count(EntryKind.TYPE) == len(raw["types"])
    assert csrd_library.count(EntryKind.FLAVOR) == len(raw["flavors"])
    assert csrd_library.count(EntryKind.DESCRIPTOR) == len(raw["descriptors"])
    assert csrd_library.count(EntryKind.FOCUS) == len(raw["foci"])
    tables = len(raw["cypher_tables"]) + len(raw["intrusion_tables"]) + len(raw["other_tables"])
    assert csrd_library.count(EntryKind.TABLE) == tables + len(raw["types"])  # + backgrounds
    variants = sum(len(e["variants"]) for e in raw["equipment"])
    gear = sum(
        csrd_library.count(k) for k in (EntryKind.EQUIPMENT, EntryKind.WEAPON, EntryKind.ARMOR)
    )
    assert gear == variants
    assert csrd_library.meta_get(META_KEY) == raw["version"]
    assert csrd_present(csrd_library)


def test_every_entry_is_tagged_and_in_the_cypher_profile(csrd_library: Library) -> None:
    tagged = csrd_library.search(tags=[CSRD_TAG], limit=10_000)
    assert len(tagged) == csrd_library.count()
    creatures = csrd_library.search(kinds=[EntryKind.CREATURE], profile="cypher", limit=10_000)
    assert len(creatures) == csrd_library.count(EntryKind.CREATURE)


def test_reimport_is_idempotent_and_keeps_user_edits(tmp_path: Path, csrd_path: Path) -> None:
    with Library.create(tmp_path / "twice.numdesk", starter=False) as lib:
        import_files(lib, [csrd_path])
        counts = {k: lib.count(k) for k in EntryKind}
        abomination = _by_name(lib, EntryKind.CREATURE, "Abomination")
        abomination.health = 99  # the user fixes a value
        lib.creatures.save(abomination)
        lib.set_tags(abomination.uid, ["CSRD", "Boss"])
        warrior = _by_name(lib, EntryKind.TYPE, "Warrior")

        again = import_files(lib, [csrd_path])

        assert {k: lib.count(k) for k in EntryKind} == counts
        assert again.total == 0 and again.files[0].unchanged == sum(counts.values())
        assert "already up to date" in again.summary()
        assert lib.creatures.load(abomination.uid).health == 99
        assert set(lib.summary(abomination.uid).tags) == {"CSRD", "Boss"}
        assert to_data(lib.types.load(warrior.uid)) == to_data(warrior)

        raw = _raw(csrd_path)  # a newer CSRD changes two creatures
        for creature in raw["creatures"]:
            if creature["name"] in ("ABOMINATION", "AI ZOMBIE"):
                creature["level"] += 1
        newer = tmp_path / "CSRD-newer.json"
        newer.write_text(json.dumps(raw), encoding="utf-8")
        lib.delete(warrior.uid)

        report = import_files(lib, [newer])

        assert {k: lib.count(k) for k in EntryKind} == counts
        assert report.files[0].kept == ["Abomination"]
        assert "kept 1 you had edited" in report.summary()
        assert lib.creatures.load(abomination.uid).level == 5
        assert _by_name(lib, EntryKind.CREATURE, "AI Zombie").level == 4
        assert to_data(lib.types.load(warrior.uid)) == to_data(warrior)  # deleted: back


def test_creature_fields(csrd_library: Library) -> None:
    creature = _by_name(csrd_library, EntryKind.CREATURE, "Abomination")
    assert isinstance(creature, Creature)
    assert (creature.level, creature.health, creature.armor) == (5, 22, 2)
    assert creature.damage == "6 points"
    assert creature.movement == "Short"
    assert creature.kind == "creature"
    assert creature.modifications == [
        "Might defense as level 6",
        "sees through deception as level 3",
    ]
    assert creature.motive == "Hungers for flesh"
    assert creature.combat.startswith("Abominations use scavenged weapons")
    assert creature.intrusions and "full health" in creature.intrusions[0]
    assert creature.environment and creature.interaction and creature.use
    npcs = csrd_library.search(kinds=[EntryKind.CREATURE], limit=10_000)
    kinds = {csrd_library.creatures.load(s.uid).kind for s in npcs}
    assert kinds == {"creature", "npc", "super villain"}


def test_creature_without_level_is_reported(csrd_path: Path) -> None:
    result = read_csrd(_raw(csrd_path), csrd_path)
    snow = next(e.obj for e in result.entries if e.obj.name == "The Snow Queen")
    assert isinstance(snow, Creature) and snow.level == 1
    line = next(line for line in result.lines if line.entry == "The Snow Queen")
    assert line.sentence() == (
        "The Snow Queen: no level in the file; imported at level 1 for you to correct."
    )
    assert line.source == "$.creatures[162].level"  # the file's place, for the JSON report
    assert not any("$." in text for text in result.report_texts())  # the summary says names


def test_type_pools_and_tiers(csrd_library: Library) -> None:
    warrior = _by_name(csrd_library, EntryKind.TYPE, "Warrior")
    assert isinstance(warrior, TypeTemplate)
    assert warrior.profile == "cypher"
    assert warrior.pools == {Stat.MIGHT: 10, Stat.SPEED: 10, Stat.INTELLECT: 8}
    assert warrior.effort == 1 and warrior.cypher_limit == 2
    assert warrior.edges == {Stat.MIGHT: None, Stat.SPEED: None, Stat.INTELLECT: None}
    tier1 = [t for t in warrior.tiers if t.tier == 1]
    assert len(tier1) == 1 and tier1[0].choose == 4
    bash = next(a for a in tier1[0].abilities if a.name == "Bash")
    assert (bash.cost, bash.pool, bash.source) == (1, Stat.MIGHT, AbilitySource.TYPE)
    adept = _by_name(csrd_library, EntryKind.TYPE, "Adept")
    assert adept.edges == {Stat.MIGHT: 0, Stat.SPEED: 0, Stat.INTELLECT: 1}
    assert adept.cypher_limit == 3
    background = _by_name(csrd_library, EntryKind.TABLE, "Warrior Background")
    assert background.rows and background.rows[0].start == 1


def test_focus_splits_granted_and_optional_abilities(csrd_library: Library) -> None:
    focus = _by_name(csrd_library, EntryKind.FOCUS, "Abides in Stone")
    assert isinstance(focus, SentenceTemplate) and focus.part == "focus"
    tier3 = [t for t in focus.tiers if t.tier == 3]
    assert [(t.choose, [a.name for a in t.abilities]) for t in tier3] == [
        (0, ["Trained Basher"]),
        (1, ["Golem Stomp", "Weaponization"]),
    ]
    assert "GM intrusions:" in focus.notes


def test_descriptor_pool_bonus_and_links(csrd_library: Library) -> None:
    amazing = _by_name(csrd_library, EntryKind.DESCRIPTOR, "Amazing")
    assert amazing.pool_bonus == {Stat.SPEED: 2}
    assert amazing.extra_points == 2
    assert len(amazing.links) == 4
    assert amazing.characteristics[0].startswith("Exceptional: +2 to your Speed Pool")


def test_abilities_cyphers_artifacts_equipment(csrd_library: Library) -> None:
    ability = _by_name(csrd_library, EntryKind.ABILITY, "Absorb Energy")
    assert (ability.cost, ability.pool, ability.kind) == (7, Stat.INTELLECT, AbilityKind.ACTION)
    assert ability.cost_text == "7 Intellect points"
    assert ability.tier == 5  # "High"
    cypher = _by_name(csrd_library, EntryKind.CYPHER, "Acid Resistance")
    assert isinstance(cypher, Cypher) and cypher.level_dice == "1d6+3" and cypher.level is None
    assert "Fantasy" in csrd_library.summary(cypher.uid).tags
    artifact = _by_name(csrd_library, EntryKind.ARTIFACT, "A Tisket a Tasket")
    assert isinstance(artifact, Artifact)
    assert artifact.depletion.startswith("1 in 1d20") and artifact.level_dice == "1d6"
    second = _by_name(csrd_library, EntryKind.ARTIFACT, "Carbonizer (2)")
    assert second.uid != _by_name(csrd_library, EntryKind.ARTIFACT, "Carbonizer").uid
    axe = _by_name(csrd_library, EntryKind.WEAPON, "Battleaxe")
    assert isinstance(axe, Weapon) and axe.category == WeaponCategory.MEDIUM
    assert _by_name(csrd_library, EntryKind.EQUIPMENT, "Backpack (Fantasy)").price.startswith(
        "2 GP"
    )


def test_bad_value_is_reported_with_its_path(tmp_path: Path, csrd_path: Path) -> None:
    raw = _raw(csrd_path)
    raw["creatures"][3]["armor"] = "thick"
    bad = tmp_path / "CSRD-broken.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with Library.create(tmp_path / "l.numdesk", starter=False) as lib:
        with pytest.raises(ImportFormatError) as caught:
            import_files(lib, [bad])
        assert lib.count() == 0
    assert caught.value.message == (
        "CSRD-broken.json: $.creatures[3].armor: expected a whole number, found 'thick'."
    )


def test_text_rules() -> None:
    assert display_name("ABIDES IN STONE") == "Abides in Stone"
    assert display_name("ARTIFICIAL INTELLIGENCE (AI)") == "Artificial Intelligence (AI)"
    assert display_name("4D printer") == "4D printer"
    assert level_dice_text("1d6", 2) == "1d6+2"
    assert level_dice_text("1d10", 0) == "1d10"
    assert level_dice_text(None, 5) == "5"
    assert pool_bonus("+3 to your Might Pool and your Speed Pool.") == {
        Stat.MIGHT: 3,
        Stat.SPEED: 3,
    }
    assert pool_bonus("-2 to your Speed Pool.") == {Stat.SPEED: -2}
    assert pool_bonus("Resting restores points only to your Intellect Pool") == {}
    assert extra_points("and 2 additional points to divide among your stat Pools.") == 2


def test_license_notice_is_the_readme_notice(csrd_path: Path) -> None:
    readme = (csrd_path.parent / "CSRD-README.md").read_text(encoding="utf-8")
    assert " ".join(CSOL_NOTICE.split()) in " ".join(readme.split())
    assert "Cypher System Open License" in CSOL_NOTICE


def test_an_import_into_a_big_library_files_tags_as_into_an_empty_one(
    tmp_path: Path, csrd_path: Path
) -> None:
    """Filing reads only the imported entries' own tags (not every entry of their kinds,
    nor the whole library on a re-import), with the same outcome."""
    from numdesk.bench.library import build_objects

    def filed(lib: Library) -> dict[str, tuple[tuple[str, ...], bool]]:
        tagged = lib.search(tags=[CSRD_TAG], limit=None)
        return {s.uid: (s.tags, s.favourite) for s in tagged}

    with Library.create(tmp_path / "empty.numdesk", starter=False) as lib:
        import_files(lib, [csrd_path])
        expected = filed(lib)
    with Library.create(tmp_path / "big.numdesk", starter=False) as lib:
        others = list(build_objects(creatures=4_000, characters=20, items=1_000))
        lib.save_many(others, tags={others[0].uid: ["Mine"], others[-1].uid: ["Mine", "Old"]})
        import_files(lib, [csrd_path])
        assert filed(lib) == expected
        # the user files a CSRD creature too; a re-import keeps that and adds nothing
        abomination = _by_name(lib, EntryKind.CREATURE, "Abomination")
        lib.set_tags(abomination.uid, [*lib.summary(abomination.uid).tags, "Boss"])
        again = import_files(lib, [csrd_path])
        assert again.total == 0
        kept = lib.summary(abomination.uid).tags
        assert set(kept) == {*expected[abomination.uid][0], "Boss"}
        expected[abomination.uid] = kept, False
        assert filed(lib) == expected
        assert lib.summary(others[0].uid).tags == ("Mine",)
        assert lib.summary(others[-1].uid).tags == ("Mine", "Old")
        assert lib.count() == len(others) + len(expected)
