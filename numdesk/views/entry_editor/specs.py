"""The form of each entry kind: which fields, in which order, with which editor.

Each kind gets its own list, written out by hand, so a stat block reads like a stat
block (level, health, armor, damage first) and a cypher like a cypher. `check_entry`
holds the rules that span fields or a field's meaning (levels start at 1, a table's
rows stay inside its die), raised as a `DomainError` naming the field.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from numdesk.model.errors import DomainError
from numdesk.model.items import CypherType, GearKind
from numdesk.model.kinds import EntryKind, ModelObject, kind_of
from numdesk.model.limits import LimitError, check_limits, range_of
from numdesk.model.rules_set import RulesSet
from numdesk.model.tables import RollTable
from numdesk.model.validation import check_sheet_item
from numdesk.rules.errors import RulesError
from numdesk.rules.house_rules import check_label, derive_profile
from numdesk.rules.profiles import PROFILES, get_profile, is_builtin
from numdesk.rules.types import (
    AbilityKind,
    AbilitySource,
    ArmorCategory,
    SkillLevel,
    SpellTier,
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
from numdesk.views.entry_editor.number_fields import NamedNumbersField
from numdesk.views.entry_editor.rules_fields import KindArmorField, RulesSwitchesField
from numdesk.views.entry_editor.stat_items import StatItemsTable
from numdesk.views.entry_editor.tables import EquipmentTable, SkillsTable, TiersTable

#: `translate("Context", "literal")`: a call lupdate extracts (a helper taking a
#: variable hides the text from it)
translate = QCoreApplication.translate


def _span(field: str) -> tuple[int, int]:
    """The spin box range of a field: the limit the importer and the sheet use too."""
    bounds = range_of(*field.split("."))
    return bounds.low, bounds.high


def _name() -> Field:
    return LineField("name", translate("EntryEditor", "&Name"), required=True)


def _profile() -> Field:
    """The rules an entry plays by: the built-ins, then the library's house rules sets."""
    houses = sorted(
        (p for p in PROFILES.values() if not is_builtin(p.name)), key=lambda p: p.label.casefold()
    )
    return ChoiceField(
        "profile",
        translate("EntryEditor", "&Rules"),
        [
            (translate("EntryEditor", "Numenera"), "numenera"),
            (translate("EntryEditor", "Cypher System"), "cypher"),
            *((p.label, p.name) for p in houses),
        ],
    )


def _creature() -> list[Field]:
    return [
        _name(),
        IntField("level", translate("EntryEditor", "&Level"), *_span("Creature.level")),
        _profile(),
        ChoiceField(
            "kind",
            translate("EntryEditor", "K&ind"),
            [
                (translate("EntryEditor", "Creature"), "creature"),
                (translate("EntryEditor", "NPC"), "npc"),
                (translate("EntryEditor", "Community"), "community"),
                (translate("EntryEditor", "Vehicle"), "vehicle"),
            ],
        ),
        OptionalIntField(
            "health",
            translate("EntryEditor", "&Health"),
            0,
            translate("EntryEditor", "blank: the target number"),
        ),
        OptionalIntField(
            "current_health",
            translate("EntryEditor", "Health no&w"),
            0,
            translate("EntryEditor", "blank: unhurt (a fight starts it here)"),
        ),
        IntField("armor", translate("EntryEditor", "&Armor"), *_span("Creature.armor")),
        KindArmorField("armor_against", translate("EntryEditor", "Extra Armor a&gainst kinds")),
        IntField("initiative_bonus", translate("EntryEditor", "Initiati&ve bonus"), -99, 99),
        NamedNumbersField(
            "stats", translate("EntryEditor", "Other number&s (infrastructure, crew, …)")
        ),
        LineField("damage", translate("EntryEditor", "&Damage inflicted")),
        LineField("movement", translate("EntryEditor", "&Movement")),
        LineField("motive", translate("EntryEditor", "M&otive")),
        LineField("environment", translate("EntryEditor", "&Environment")),
        TextField("description", translate("EntryEditor", "Descri&ption")),
        LinesField("modifications", translate("EntryEditor", "Modifi&cations (one per line)")),
        TextField("combat", translate("EntryEditor", "Com&bat")),
        TextField("interaction", translate("EntryEditor", "In&teraction")),
        TextField("use", translate("EntryEditor", "&Use")),
        TextField("loot", translate("EntryEditor", "Loo&t")),
        LinesField("intrusions", translate("EntryEditor", "GM intr&usions (one per line)")),
        StatItemsTable(
            "items", translate("EntryEditor", "Attacks, skills, abilities and things carried")
        ),
    ]


def _device_fields() -> list[Field]:
    """Level (or its dice) and form: what cyphers and artifacts share."""
    return [
        OptionalIntField(
            "level",
            translate("EntryEditor", "&Level"),
            1,
            translate("EntryEditor", "blank: rolled"),
        ),
        LineField("level_dice", translate("EntryEditor", "Level &dice (e.g. 1d6+2)")),
        LineField("form", translate("EntryEditor", "&Form")),
    ]


def _cypher() -> list[Field]:
    return [
        _name(),
        *_device_fields(),
        ChoiceField(
            "cypher_type", translate("EntryEditor", "&Type"), enum_choices(CypherType, True)
        ),
        BoolField("fantastic", translate("EntryEditor", "F&antastic")),
        TextField("effect", translate("EntryEditor", "&Effect")),
    ]


def _artifact() -> list[Field]:
    return [
        _name(),
        *_device_fields(),
        LineField("depletion", translate("EntryEditor", "De&pletion (e.g. 1 in 1d10)")),
        BoolField("depleted", translate("EntryEditor", "Depleted")),
        TextField("effect", translate("EntryEditor", "&Effect")),
    ]


def _templates_common() -> list[Field]:
    return [
        SkillsTable("skills", translate("EntryEditor", "S&kills")),
        EquipmentTable("equipment", translate("EntryEditor", "E&quipment")),
        TiersTable("tiers", translate("EntryEditor", "&Abilities by tier")),
    ]


def _type() -> list[Field]:
    return [
        _name(),
        _profile(),
        TextField("description", translate("EntryEditor", "Descri&ption")),
        StatsField("pools", translate("EntryEditor", "Starting &Pools")),
        StatsField("edges", translate("EntryEditor", "Starting &Edges")),
        OptionalIntField("effort", translate("EntryEditor", "Eff&ort"), 1),
        OptionalIntField("cypher_limit", translate("EntryEditor", "&Cypher limit"), 0),
        OptionalIntField("starting_points", translate("EntryEditor", "Extra starting points"), 0),
        OptionalIntField("shins", translate("EntryEditor", "Starting s&hins"), 0),
        *_templates_common(),
        LinesField("intrusions", translate("EntryEditor", "GM intr&usions (one per line)")),
        TextField("notes", translate("EntryEditor", "No&tes")),
    ]


def _sentence() -> list[Field]:
    return [
        _name(),
        _profile(),
        TextField("description", translate("EntryEditor", "Descri&ption")),
        StatsField("pool_bonus", translate("EntryEditor", "&Pool bonus")),
        IntField(
            "extra_points",
            translate("EntryEditor", "E&xtra points"),
            *_span("SentenceTemplate.extra_points"),
        ),
        *_templates_common(),
        LinesField("characteristics", translate("EntryEditor", "C&haracteristics (one per line)")),
        LinesField("links", translate("EntryEditor", "&Links (one per line)")),
        TextField("notes", translate("EntryEditor", "No&tes")),
    ]


FORMS: dict[EntryKind, Callable[[], list[Field]]] = {
    EntryKind.CREATURE: _creature,
    EntryKind.CYPHER: _cypher,
    EntryKind.ARTIFACT: _artifact,
    EntryKind.ODDITY: lambda: [
        _name(),
        TextField("description", translate("EntryEditor", "Descri&ption")),
    ],
    EntryKind.EQUIPMENT: lambda: [
        _name(),
        ChoiceField("kind", translate("EntryEditor", "&Kind"), enum_choices(GearKind)),
        IntField("quantity", translate("EntryEditor", "&Quantity"), *_span("Equipment.quantity")),
        OptionalIntField(
            "level",
            translate("EntryEditor", "&Level"),
            1,
            translate("EntryEditor", "blank: none"),
        ),
        LineField("price", translate("EntryEditor", "&Price")),
        TextField("description", translate("EntryEditor", "Descri&ption")),
    ],
    EntryKind.WEAPON: lambda: [
        _name(),
        ChoiceField(
            "category", translate("EntryEditor", "&Category"), enum_choices(WeaponCategory)
        ),
        OptionalIntField(
            "damage",
            translate("EntryEditor", "&Damage"),
            0,
            translate("EntryEditor", "blank: by category"),
        ),
        LineField("range", translate("EntryEditor", "&Range")),
        LineField(
            "kind", translate("EntryEditor", "&Kind when not a weapon (e.g. natural attack)")
        ),
        OptionalIntField(
            "steps",
            translate("EntryEditor", "&Eased (+) or hindered (−) steps"),
            -5,
            translate("EntryEditor", "blank: by its weight"),
        ),
        ChoiceField(
            "skill",
            translate("EntryEditor", "Skill it ro&lls with"),
            enum_choices(SkillLevel, True),
        ),
        LineField("price", translate("EntryEditor", "&Price")),
        BoolField(
            "freely_usable",
            translate("EntryEditor", "Freely usable (otherwise attacks are hindered 1 step)"),
        ),
        TextField("notes", translate("EntryEditor", "No&tes")),
    ],
    EntryKind.ARMOR: lambda: [
        _name(),
        ChoiceField("category", translate("EntryEditor", "&Category"), enum_choices(ArmorCategory)),
        OptionalIntField(
            "value",
            translate("EntryEditor", "&Armor value"),
            0,
            translate("EntryEditor", "blank: by category"),
        ),
        IntField("speed_cost", translate("EntryEditor", "&Speed cost"), *_span("Armor.speed_cost")),
        BoolField("worn", translate("EntryEditor", "&Worn")),
        LineField("kind", translate("EntryEditor", "&Kind when not armor (e.g. special ability)")),
        KindArmorField("against", translate("EntryEditor", "Extra Armor a&gainst kinds")),
        LineField("price", translate("EntryEditor", "&Price")),
        TextField("notes", translate("EntryEditor", "No&tes")),
    ],
    EntryKind.SHIELD: lambda: [
        _name(),
        IntField(
            "minor", translate("EntryEditor", "Mi&nor wounds blocked"), *_span("Shield.minor")
        ),
        IntField(
            "moderate",
            translate("EntryEditor", "M&oderate wounds blocked"),
            *_span("Shield.moderate"),
        ),
        IntField(
            "major", translate("EntryEditor", "Ma&jor wounds blocked"), *_span("Shield.major")
        ),
        BoolField("broken", translate("EntryEditor", "Broken")),
    ],
    EntryKind.ABILITY: lambda: [
        _name(),
        IntField("cost", translate("EntryEditor", "&Cost"), *_span("Ability.cost")),
        ChoiceField("pool", translate("EntryEditor", "&Pool"), enum_choices(Stat, optional=True)),
        LineField("cost_text", translate("EntryEditor", "Cost as &written (e.g. 2+ Intellect)")),
        ChoiceField("kind", translate("EntryEditor", "&Kind"), enum_choices(AbilityKind)),
        IntField("tier", translate("EntryEditor", "&Tier"), *_span("Ability.tier")),
        ChoiceField(
            "spell_tier",
            translate("EntryEditor", "Spe&ll tier (blank: not a spell)"),
            enum_choices(SpellTier, optional=True),
        ),
        ChoiceField("source", translate("EntryEditor", "&From"), enum_choices(AbilitySource)),
        LineField("range", translate("EntryEditor", "&Range (blank: as its text says)")),
        TextField("description", translate("EntryEditor", "Descri&ption")),
    ],
    EntryKind.SKILL: lambda: [
        _name(),
        ChoiceField("level", translate("EntryEditor", "&Level"), enum_choices(SkillLevel)),
        BoolField("initiative", translate("EntryEditor", "&Initiative is rolled with it")),
        ChoiceField(
            "stat",
            translate("EntryEditor", "&Stat (blank: as the task says)"),
            enum_choices(Stat, optional=True),
        ),
        TextField("description", translate("EntryEditor", "Descri&ption")),
    ],
    EntryKind.TYPE: _type,
    EntryKind.DESCRIPTOR: _sentence,
    EntryKind.FOCUS: _sentence,
    EntryKind.FLAVOR: _sentence,
    EntryKind.FOLLOWER: lambda: [
        _name(),
        IntField("level", translate("EntryEditor", "&Level"), *_span("Follower.level")),
        _profile(),
        IntField(
            "acquired_at_tier",
            translate("EntryEditor", "&Joined at tier"),
            *_span("Follower.acquired_at_tier"),
        ),
        OptionalIntField(
            "health",
            translate("EntryEditor", "&Health"),
            0,
            translate("EntryEditor", "blank: by level"),
        ),
        OptionalIntField(
            "current_health",
            translate("EntryEditor", "Health no&w"),
            0,
            translate("EntryEditor", "blank: unhurt (a fight starts it here)"),
        ),
        IntField("armor", translate("EntryEditor", "&Armor"), 0, 99),
        OptionalIntField(
            "damage",
            translate("EntryEditor", "&Damage"),
            0,
            translate("EntryEditor", "blank: none"),
        ),
        IntField("initiative_bonus", translate("EntryEditor", "&Initiative bonus"), -99, 99),
        LineField("disposition", translate("EntryEditor", "Dis&position")),
        LineField("category", translate("EntryEditor", "Cate&gory")),
        LineField("owner", translate("EntryEditor", "&Follows (blank: whoever has it)")),
        DataField("modifiers", translate("EntryEditor", "&Task modifiers"), dict[str, int]),
        StatItemsTable(
            "items", translate("EntryEditor", "Attacks, skills, abilities and things carried")
        ),
        TextField("notes", translate("EntryEditor", "No&tes")),
    ],
    EntryKind.RULES_SET: lambda: [
        _name(),
        ChoiceField(
            "base",
            translate("EntryEditor", "&Starts from"),
            [
                (translate("EntryEditor", "Numenera"), "numenera"),
                (translate("EntryEditor", "Cypher System"), "cypher"),
            ],
        ),
        RulesSwitchesField("changes", translate("EntryEditor", "R&ules")),
        TextField("description", translate("EntryEditor", "Descri&ption")),
    ],
    EntryKind.TABLE: lambda: [
        _name(),
        ChoiceField(
            "category",
            translate("EntryEditor", "&Category"),
            [
                (translate("EntryEditor", "Cyphers"), "cypher"),
                (translate("EntryEditor", "GM intrusions"), "intrusion"),
                (translate("EntryEditor", "Hazards"), "hazard"),
                (translate("EntryEditor", "Other"), "other"),
            ],
        ),
        IntField("die", translate("EntryEditor", "&Die (d…)"), *_span("RollTable.die")),
        TextField("description", translate("EntryEditor", "Descri&ption")),
        RowsField("rows", translate("EntryEditor", "&Rows (e.g. 1-10 what happens)")),
    ],
}


def fields_for(kind: EntryKind) -> list[Field]:
    """Fresh field editors for an entry of `kind` (KeyError for kinds edited elsewhere)."""
    return FORMS[kind]()


#: Kinds that can also go on a sheet: the editor holds them to the sheet's rules.
SHEET_ITEM_KINDS = frozenset(
    {
        EntryKind.SKILL,
        EntryKind.ABILITY,
        EntryKind.CYPHER,
        EntryKind.ARTIFACT,
        EntryKind.ODDITY,
        EntryKind.EQUIPMENT,
        EntryKind.WEAPON,
        EntryKind.ARMOR,
        EntryKind.SHIELD,
        EntryKind.FOLLOWER,
    }
)


def check_entry(obj: ModelObject) -> None:
    """Rules that involve more than one field's text; raise DomainError naming the field.

    The sizes of `numdesk.model.limits` come first: a text too long or a list too big
    for its widget is refused here as it is by the importer and the sheet.
    """
    try:
        check_limits(obj)
    except LimitError as err:
        field = err.path.split(".")[0].split("[")[0]
        message = translate("EntryEditor", "Expected {0}, found {1}.")
        raise DomainError(message.format(err.expected, err.found), field or None) from None
    if kind_of(obj) in SHEET_ITEM_KINDS:
        # A library skill has no profile: the widest one (expert allowed) applies.
        profile = get_profile(getattr(obj, "profile", "cypher"))
        try:
            check_sheet_item(obj, profile, "entry")
        except DomainError as err:
            field = (err.field or "").removeprefix("entry.")
            raise DomainError(err.message, field or None) from err
    if isinstance(obj, RulesSet):
        try:
            check_label(obj.name)
        except RulesError as err:
            raise DomainError(err.message, "name") from None
        try:
            derive_profile(obj.base, obj.uid, obj.name, obj.changes)
        except RulesError as err:
            raise DomainError(err.message, "changes") from None
    if isinstance(obj, RollTable):
        for row in obj.rows:
            if row.start < 1 or row.end > obj.die:
                raise DomainError(
                    translate("EntryEditor", "The row {0}-{1} does not fit a d{2}.").format(
                        row.start, row.end, obj.die
                    ),
                    "rows",
                )
