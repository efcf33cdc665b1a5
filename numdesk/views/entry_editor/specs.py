"""The form of each entry kind: which fields, in which order, with which editor.

Each kind gets its own list, written out by hand, so a stat block reads like a stat
block (level, health, armor, damage first) and a cypher like a cypher. `check_entry`
holds the rules that span fields or a field's meaning (levels start at 1, a table's
rows stay inside its die), raised as a `DomainError` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from numdesk.model.abilities import Skill
from numdesk.model.errors import DomainError
from numdesk.model.items import Equipment
from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.tables import RollTable
from numdesk.model.templates import TierAbilities
from numdesk.rules.types import (
    AbilityKind,
    AbilitySource,
    ArmorCategory,
    SkillLevel,
    Stat,
    WeaponCategory,
)
from numdesk.views.entry_editor.fields import (
    BoolField,
    ChoiceField,
    DataField,
    Field,
    IntField,
    LineField,
    LinesField,
    OptionalIntField,
    RowsField,
    StatsField,
    TextField,
    enum_choices,
)


def _t(text: str) -> str:
    return QCoreApplication.translate("EntryEditor", text)


def _name() -> Field:
    return LineField("name", _t("&Name"), required=True)


def _profile() -> Field:
    return ChoiceField(
        "profile", _t("&Rules"), [(_t("Numenera"), "numenera"), (_t("Cypher System"), "cypher")]
    )


def _creature() -> list[Field]:
    return [
        _name(),
        IntField("level", _t("&Level"), 1, 10),
        _profile(),
        ChoiceField("kind", _t("K&ind"), [(_t("Creature"), "creature"), (_t("NPC"), "npc")]),
        OptionalIntField("health", _t("&Health"), 0, _t("blank: the target number")),
        IntField("armor", _t("&Armor"), 0, 20),
        LineField("damage", _t("&Damage inflicted")),
        LineField("movement", _t("&Movement")),
        LineField("motive", _t("M&otive")),
        LineField("environment", _t("&Environment")),
        TextField("description", _t("Descri&ption")),
        LinesField("modifications", _t("Modifi&cations (one per line)")),
        TextField("combat", _t("Com&bat")),
        TextField("interaction", _t("In&teraction")),
        TextField("use", _t("&Use")),
        TextField("loot", _t("Loo&t")),
        LinesField("intrusions", _t("GM intr&usions (one per line)")),
    ]


def _cypher() -> list[Field]:
    return [
        _name(),
        OptionalIntField("level", _t("&Level"), 1, _t("blank: rolled")),
        LineField("level_dice", _t("Level &dice (e.g. 1d6+2)")),
        LineField("form", _t("&Form")),
        TextField("effect", _t("&Effect")),
    ]


def _artifact() -> list[Field]:
    return [
        _name(),
        OptionalIntField("level", _t("&Level"), 1, _t("blank: rolled")),
        LineField("level_dice", _t("Level &dice (e.g. 1d6+2)")),
        LineField("form", _t("&Form")),
        LineField("depletion", _t("De&pletion (e.g. 1 in 1d10)")),
        BoolField("depleted", _t("Depleted")),
        TextField("effect", _t("&Effect")),
    ]


def _templates_common() -> list[Field]:
    return [
        DataField("skills", _t("S&kills"), list[Skill]),
        DataField("equipment", _t("E&quipment"), list[Equipment]),
        DataField("tiers", _t("&Abilities by tier"), list[TierAbilities]),
    ]


def _type() -> list[Field]:
    return [
        _name(),
        _profile(),
        TextField("description", _t("Descri&ption")),
        StatsField("pools", _t("Starting &Pools")),
        StatsField("edges", _t("Starting &Edges")),
        OptionalIntField("effort", _t("Eff&ort"), 1),
        OptionalIntField("cypher_limit", _t("&Cypher limit"), 0),
        OptionalIntField("starting_points", _t("Extra starting points"), 0),
        OptionalIntField("shins", _t("Starting s&hins"), 0),
        *_templates_common(),
        LinesField("intrusions", _t("GM intr&usions (one per line)")),
        TextField("notes", _t("No&tes")),
    ]


def _sentence() -> list[Field]:
    return [
        _name(),
        _profile(),
        TextField("description", _t("Descri&ption")),
        StatsField("pool_bonus", _t("&Pool bonus")),
        IntField("extra_points", _t("E&xtra points"), 0, 20),
        *_templates_common(),
        LinesField("characteristics", _t("C&haracteristics (one per line)")),
        LinesField("links", _t("&Links (one per line)")),
        TextField("notes", _t("No&tes")),
    ]


FORMS: dict[EntryKind, Callable[[], list[Field]]] = {
    EntryKind.CREATURE: _creature,
    EntryKind.CYPHER: _cypher,
    EntryKind.ARTIFACT: _artifact,
    EntryKind.ODDITY: lambda: [_name(), TextField("description", _t("Descri&ption"))],
    EntryKind.EQUIPMENT: lambda: [
        _name(),
        IntField("quantity", _t("&Quantity"), 0, 9999),
        LineField("price", _t("&Price")),
        TextField("description", _t("Descri&ption")),
    ],
    EntryKind.WEAPON: lambda: [
        _name(),
        ChoiceField("category", _t("&Category"), enum_choices(WeaponCategory)),
        OptionalIntField("damage", _t("&Damage"), 0, _t("blank: by category")),
        LineField("range", _t("&Range")),
        TextField("notes", _t("No&tes")),
    ],
    EntryKind.ARMOR: lambda: [
        _name(),
        ChoiceField("category", _t("&Category"), enum_choices(ArmorCategory)),
        OptionalIntField("value", _t("&Armor value"), 0, _t("blank: by category")),
        IntField("speed_cost", _t("&Speed cost"), 0, 20),
        TextField("notes", _t("No&tes")),
    ],
    EntryKind.SHIELD: lambda: [
        _name(),
        IntField("minor", _t("Mi&nor wounds blocked"), 0, 9),
        IntField("moderate", _t("M&oderate wounds blocked"), 0, 9),
        IntField("major", _t("Ma&jor wounds blocked"), 0, 9),
        BoolField("broken", _t("Broken")),
    ],
    EntryKind.ABILITY: lambda: [
        _name(),
        IntField("cost", _t("&Cost"), 0, 99),
        ChoiceField("pool", _t("&Pool"), enum_choices(Stat, optional=True)),
        LineField("cost_text", _t("Cost as &written (e.g. 2+ Intellect)")),
        ChoiceField("kind", _t("&Kind"), enum_choices(AbilityKind)),
        IntField("tier", _t("&Tier"), 1, 6),
        ChoiceField("source", _t("&From"), enum_choices(AbilitySource)),
        TextField("description", _t("Descri&ption")),
    ],
    EntryKind.SKILL: lambda: [
        _name(),
        ChoiceField("level", _t("&Level"), enum_choices(SkillLevel)),
        TextField("description", _t("Descri&ption")),
    ],
    EntryKind.TYPE: _type,
    EntryKind.DESCRIPTOR: _sentence,
    EntryKind.FOCUS: _sentence,
    EntryKind.FLAVOR: _sentence,
    EntryKind.FOLLOWER: lambda: [
        _name(),
        IntField("level", _t("&Level"), 1, 10),
        _profile(),
        IntField("acquired_at_tier", _t("&Joined at tier"), 1, 6),
        OptionalIntField("health", _t("&Health"), 0, _t("blank: by level")),
        DataField("modifiers", _t("&Task modifiers"), dict[str, int]),
        TextField("notes", _t("No&tes")),
    ],
    EntryKind.TABLE: lambda: [
        _name(),
        ChoiceField(
            "category",
            _t("&Category"),
            [
                (_t("Cyphers"), "cypher"),
                (_t("GM intrusions"), "intrusion"),
                (_t("Hazards"), "hazard"),
                (_t("Other"), "other"),
            ],
        ),
        IntField("die", _t("&Die (d…)"), 2, 1000),
        TextField("description", _t("Descri&ption")),
        RowsField("rows", _t("&Rows (e.g. 1-10 what happens)")),
    ],
}


def fields_for(kind: EntryKind) -> list[Field]:
    """Fresh field editors for an entry of `kind` (KeyError for kinds edited elsewhere)."""
    return FORMS[kind]()


def check_entry(obj: ModelObject) -> None:
    """Rules that involve more than one field's text; raise DomainError naming the field."""
    if isinstance(obj, RollTable):
        for row in obj.rows:
            if row.start < 1 or row.end > obj.die:
                raise DomainError(
                    _t("The row {0}-{1} does not fit a d{2}.").format(row.start, row.end, obj.die),
                    "rows",
                )
