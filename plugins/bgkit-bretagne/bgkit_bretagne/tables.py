"""The components as flat index tables for the play engine (built once per loaded data).

The engine refers to everything by small ints: resources, equipment kinds, lighthouse types and
sites, blueprints, weather and production cards are indices into these tuples, so a state is
lists of ints that clone cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass

from bgkit.api import derived

from bgkit_bretagne.data import TYPES, Components, LighthouseTile


@dataclass(frozen=True)
class Tables:
    resources: tuple[str, ...]
    wood: int
    kinds: tuple[str, ...]  # equipment kind ids
    kind_points: tuple[tuple[int, ...], ...]  # [kind][type]
    kind_counts: tuple[int, ...]
    bp_ids: tuple[str, ...]
    bp_stack: tuple[int, ...]
    bp_cost: tuple[tuple[int, ...], ...]  # [blueprint][resource]
    bp_spent: tuple[int, ...]  # resources the blueprint costs in all
    bp_reward: tuple[tuple[int, ...], ...]  # vp, francs, engineers, equipment, workers
    stacks: tuple[str, ...]
    weather_ids: tuple[str, ...]
    weather_engineers: tuple[tuple[int, ...], ...]  # [card][type]
    weather_storm: tuple[bool, ...]
    prod_ids: tuple[str, ...]
    prod_counts: tuple[tuple[int, ...], ...]  # [card][resource] for this player count
    site_type: tuple[int, ...]
    site_coast: tuple[int, ...]
    site_harbour: tuple[int, ...]  # 0-based
    coasts: tuple[str, ...]
    harbour_ids: tuple[str, ...]
    harbour_coast: tuple[int, ...]
    harbour_income: tuple[tuple[tuple[tuple[str, int], ...], ...], ...]  # [harbour][improved] -> (key, n)
    tile_ids: tuple[str, ...]
    tile_levels: tuple[int, ...]
    tile_extra: tuple[tuple[int, ...], ...]  # [tile][resource]
    majority: tuple[int, ...]  # per type
    barge_caps: tuple[tuple[int, ...], ...]
    barge_francs: tuple[int, ...]
    barge_engineers: tuple[int, ...]
    barge_discount: tuple[int, ...]
    level_extra: tuple[tuple[tuple[tuple[int, ...], int], ...], ...]  # [tile][level 0-based] -> (resources, count)
    storm_injuries: int


def tables(comp: Components, players: int) -> Tables:
    """The play tables of ``comp`` at ``players`` (built once and shared by every state)."""
    return derived(comp, ("bretagne tables", players), lambda: _build(comp, players))


def _build(comp: Components, players: int) -> Tables:
    res = comp.supply.resources
    bps = list(comp.blueprints.values())
    stacks = tuple(s.colour for s in comp.stacks)
    weather = list(comp.weather.values())
    prod = list(comp.production.values())
    board = comp.board
    tiles = list(comp.lighthouses.values())
    t = Tables(
        resources=res,
        wood=res.index("wood") if "wood" in res else 0,
        kinds=tuple(k.id for k in comp.equipment),
        kind_points=tuple(tuple(k.points.get(ty, 0) for ty in TYPES) for k in comp.equipment),
        kind_counts=tuple(k.count for k in comp.equipment),
        bp_ids=tuple(b.id for b in bps),
        bp_stack=tuple(stacks.index(b.stack) for b in bps),
        bp_cost=tuple(tuple(b.cost.get(r, 0) for r in res) for b in bps),
        bp_spent=tuple(sum(b.cost.values()) for b in bps),
        bp_reward=tuple(tuple(b.reward.get(k, 0) for k in ("vp", "francs", "engineers", "equipment", "workers")) for b in bps),
        stacks=stacks,
        weather_ids=tuple(w.id for w in weather),
        weather_engineers=tuple(tuple(w.engineers[ty] for ty in TYPES) for w in weather),
        weather_storm=tuple(w.storm for w in weather),
        prod_ids=tuple(c.id for c in prod),
        prod_counts=tuple(tuple(c.for_players(players).get(r, 0) for r in res) for c in prod),
        site_type=tuple(TYPES.index(ty) for ty in board.site_types),
        site_coast=tuple(board.coasts.index(board.coast_of_site(s + 1)) for s in range(board.sites)),
        site_harbour=tuple(h - 1 for h in board.site_harbour),
        coasts=board.coasts,
        harbour_ids=tuple(h.id for h in comp.harbours),
        harbour_coast=tuple(board.coasts.index(h.coast) for h in comp.harbours),
        harbour_income=tuple((tuple(h.normal.items()), tuple(h.improved.items())) for h in comp.harbours),
        tile_ids=tuple(x.id for x in tiles),
        tile_levels=tuple(x.levels for x in tiles),
        tile_extra=tuple(tuple(x.extra.count(r) for r in res) for x in tiles),
        majority=tuple(comp.types[ty].majority_points for ty in TYPES),
        barge_caps=tuple(b.capacities for b in comp.barges),
        barge_francs=tuple(b.francs for b in comp.barges),
        barge_engineers=tuple(b.engineers for b in comp.barges),
        barge_discount=tuple(b.engineer_discount for b in comp.barges),
        level_extra=tuple(_level_extra(comp, res, x) for x in tiles),
        storm_injuries=comp.play.storm_injuries,
    )
    return t


def _level_extra(comp: Components, res: tuple[str, ...], tile: LighthouseTile) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Per level of ``tile``: the resources it asks beside the blueprint (its extra, and wood from
    the scaffolding level up) and how many that is."""
    levels = []
    for level in range(1, tile.levels + 1):
        extra = [tile.extra.count(r) for r in res]
        if level >= comp.play.scaffold_from_level and "wood" in res:
            extra[res.index("wood")] += 1
        levels.append((tuple(extra), sum(extra)))
    return tuple(levels)
