"""The hardware catalog: every part a knob offers exists with a source for each figure, and
every choice changes what the model answers (a knob that does nothing would mislead)."""

import pytest

import perfmodels
from perfmodels import hardware, rsx_swap
from perfmodels.ffs import SPEC
from perfmodels.ffs_machine import BELOW_CPU, BELOW_DISK, MEMO_CONTROLLER

KNOB_KIND = {"cpu": ("cpus", BELOW_CPU), "disk": ("disks", BELOW_DISK), "controller": ("controllers", MEMO_CONTROLLER)}


@pytest.mark.parametrize("kind", hardware.KINDS)
def test_every_figure_says_where_it_comes_from(kind):
    for part in hardware.catalog(kind).values():
        assert part.figures, part.name
        for name, f in part.figures.items():
            assert len(f.source) > 20, (part.name, name)
            assert isinstance(f.value, (int, float)) or f.value in ("calibrated", "cpu", "typical"), (part.name, name)
            if f.value == "typical" or "not printed" in f.source:
                assert "not printed" in f.source, (part.name, name)  # a figure no source gives says so


@pytest.mark.parametrize("knob", list(KNOB_KIND))
def test_the_ffs_knobs_offer_exactly_the_catalogs_parts(knob):
    kind, below = KNOB_KIND[knob]
    offered = set(SPEC.knob(knob).choices or ()) - {below}
    # the parts that carry FFS's figures (a processor rated only in VUPs is LAVC's, a PDP-11's
    # disk the RSX models')
    named = {n for n, p in hardware.catalog(kind).items() if kind != "cpus" or "speed" in p.figures}
    named -= set(rsx_swap.SPEC.knob("disk").choices or ())
    if knob == "controller":  # the memo's two are offered as one choice, by the Bus knob
        named -= {"the memo's UNIBUS controller", "the memo's MASSBUS adapter"}
    assert offered == named


def test_the_rsx_models_disks_are_the_catalogs_and_their_cards_show_them():
    """The swap disks and the RK05 that PIP copies: each figure the models read is the catalog's,
    with its source on the card (RK05 1500 rpm, 12 sectors of 512 bytes: 40 ms a turn)."""
    assert set(rsx_swap.SPEC.knob("disk").choices or ()) <= set(hardware.catalog("disks"))
    assert rsx_swap.DISKS["RK05"] == (40.0, 12 * 512, 50.0)
    for system, knob in (("rsx-swap", "disk"), ("rsx-qio", "device")):
        shown = perfmodels.card(system)["hardware"]
        assert shown and all(h["knob"] == knob and h["figures"] for h in shown), system
        for h in shown:
            part = hardware.part("disks", h["name"])
            assert all(f["value"] == part.figures[f["figure"]].value for f in h["figures"])
    # a disk's turn moves the copy's time: the RK05's 40 ms turn, half of it and a sector per read
    copy = perfmodels.evaluate("rsx-qio", {"device": "RK05", "maxpkt": 0, "tasks": 1})["metrics"]
    pool_ms = perfmodels.fitted.fitted("rsx-qio")["pool_us"] / 1000
    assert copy["request_ms"] == pytest.approx(20 + 40 / 12 + 2 * (0.8 + pool_ms))


def test_a_disks_spec_is_what_the_model_uses():
    eagle = perfmodels.evaluate("ffs", {"disk": "Fujitsu Eagle"})["metrics"]
    # 48 sectors x 512 bytes x 3961 / 60 revolutions a second (Kbytes of 1000 bytes)
    assert eagle["disk_bandwidth_kBps"] == pytest.approx(48 * 512 * 3961 / 60 / 1000)
    # the memo's disk named or set by numbers is the same disk
    assert perfmodels.evaluate("ffs", {"disk": "Ampex Capricorn"})["metrics"] == perfmodels.evaluate("ffs")["metrics"]


@pytest.mark.parametrize("knob", list(KNOB_KIND))
def test_every_choice_changes_the_answer_somewhere(knob):
    """Each part differs from every other in some setting of the memo's tests (blocks of 4 or 8
    Kbytes, read or write, on a 750 or a 780, its disk or an Eagle, rotdelay 2 or 4 ms)."""
    settings = [
        {"block_size": b, "operation": op, "cpu": cpu, "rotdelay_ms": r}
        | ({"disk": "Fujitsu Eagle"} if knob == "controller" else {})
        for b in (4096, 8192)
        for op in ("read", "write")
        for cpu in ("VAX-11/750", "VAX-11/780")
        for r in (2.0, 4.0)
    ]
    answers = {}
    for choice in SPEC.knob(knob).choices or ():
        if knob == "cpu" and choice == BELOW_CPU:
            continue
        answers[choice] = tuple(
            round(perfmodels.evaluate("ffs", {**s, knob: choice})["metrics"]["throughput_kBps"], 6)
            for s in settings
            if knob != "cpu" or s["cpu"] == "VAX-11/750"
        )
    same = [(a, b) for a in answers for b in answers if a < b and answers[a] == answers[b]]
    # (parts with identical spec figures are alike by design, and said so here)
    alike = {
        ("Ampex Capricorn", "DEC RM03"),
        ("DEC RM05", "DEC RM03"),
        ("Ampex Capricorn", "DEC RM05"),
        ("numbers below", "Ampex Capricorn"),
        ("numbers below", "DEC RM03"),
        ("numbers below", "DEC RM05"),
        ("Emulex SC750", "Emulex SC780"),
        ("Emulex SC750", "SI 9900"),
        ("Emulex SC780", "SI 9900"),
    }
    assert not [p for p in same if p not in alike and (p[1], p[0]) not in alike], same


def test_lavc_offers_the_processors_rated_in_vups_each_changing_the_boot_members_costs():
    from perfmodels.lavc import SPEC as LAVC

    rated = {n for n, p in hardware.catalog("cpus").items() if "vups" in p.figures}
    assert set(LAVC.knob("cpu").choices or ()) == rated
    memo = perfmodels.evaluate("lavc")["metrics"]
    for name in rated:
        m = perfmodels.evaluate("lavc", {"cpu": name})["metrics"]
        vups = hardware.part("cpus", name).number("vups")
        # the server's CPU per I/O is the memo's MicroVAX II time times 0.9 VUP over the rating
        assert m["server_cpu_ms"] == pytest.approx(memo["server_cpu_ms"] * 0.9 / vups)
        assert m["io_cpu_ms"] == memo["io_cpu_ms"]  # a satellite's own CPU is not the boot member's
        if name != "MicroVAX II":
            assert m["cpu_demand_percent"] != memo["cpu_demand_percent"]


def test_a_card_shows_the_figures_its_model_reads_of_each_part():
    """LAVC reads a processor's VUP rating alone; FFS its speeds and UNIBUS, never the VUPs."""
    from perfmodels import registry

    lavc = {p["name"]: {f["figure"] for f in p["figures"]} for p in registry.card("lavc")["hardware"]}
    assert set(lavc) == {"MicroVAX II", "VAX-11/730", "VAX-11/750", "VAX-11/780"}
    assert all(figs == {"vups"} for figs in lavc.values()), lavc
    ffs = [p for p in registry.card("ffs")["hardware"] if p["knob"] == "cpu"]
    assert ffs and all("vups" not in {f["figure"] for f in p["figures"]} for p in ffs)
