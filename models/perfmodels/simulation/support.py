"""Which models are simulated, of what, and why the others are not: the sentence each model card
shows under "Simulation"."""

from __future__ import annotations

SIMULATED = {
    "decnet": (
        "Simulated message by message: each buffer's message is copied by the sending CPU, crosses the "
        "circuit, is taken by the receiving host and comes back after the return's latency, every "
        "step in turn, from the same network the analysis solves. The analysis is exact MVA, for "
        "exponential times; the mechanism moves fixed-size messages, so its times are nearly "
        "constant, and a loop of constant times settles into a fixed rhythm that runs at the "
        "asymptotic bound min(N / (D + Z), 1 / D_max) (the cycle time of a deterministic event "
        "graph is its slowest circuit's). That difference is drawn as the band 'constant service': "
        "the same network with constant times, its return's latency rescaled so that the memo's "
        "measurement at quota 16 holds, as the band for the return's queueing is."
    ),
    "lavc": (
        "Simulated request by request: each user thinks, then issues a lock operation (the boot "
        "member's CPU for the lock's cost) or a served I/O (the CPU for its own time, one of the "
        "disks, the adapter, the wire), in proportion to their rates. The analysis gives each kind "
        "its own time (a lock waiting at the CPU costs a lock's 4.8 ms, not an I/O's 9.85) and the "
        "request in service its mean residue, half its time when constant (Reiser's MVA "
        "for FCFS stations with non-exponential times). With the mechanism's spreads (CPU, "
        "adapter and wire constant, disks exponential) it agrees with the simulation within 1.5 % "
        "along the users at the memo's setting, measured to 0.5 %: the largest gap at 86 users, an "
        "I/O's 123.6 ms in the model against 122.2 to 122.6 simulated over five seeds (the model "
        "0.8 to 1.1 % high). A run to 2 % intervals, as here, can land up to about 3 % from the model "
        "by sampling alone: its interval says how far. Where two stations saturate together (a DEUNA "
        "adapter at 160 users) the I/O time is up to 5 % high."
    ),
    "ffs": (
        "The new layout's rotation is simulated block by block: each block's transfer (and the "
        "turns the UNIBUS controller's buffer loses inside it), the turnaround and the "
        "controller's set-up drawn for each request (even over its spread), the wait for the "
        "next block's pass under the head in the layout's gap (its rotational delay), and the CPU "
        "beside it, a read one block ahead. Simulated: revolutions lost per block and the blocks' "
        "steady rate; the file's throughput adds a first positioning, a tail, track switches and "
        "free space, which the simulation does not redo. Where the disk sets the pace the two "
        "agree to the simulation's error; where the CPU's time per block nears the disk's, a "
        "request the CPU delays misses its block's pass and loses a whole turn, which the "
        "model's max(disk, CPU) leaves out (a read at CPU speed 0.6: 295 Kbytes/sec simulated "
        "against 364). The old layout and a track buffer are not simulated: no rotation to time "
        "block by block."
    ),
}

WHY_NOT = {
    "ofn": (
        "Not simulated: a lookup is a count of entries compared, not a queue and nothing that "
        "happens in time; the model's counts are exact for the positions it assumes."
    ),
    "rsx-swap": (
        "Not simulated: the model counts the swaps and context switches a taskbuild's run takes "
        "on the clock's ticks from fixed sizes and intervals; nothing in it is drawn at random or "
        "waits in a queue, so a simulation would replay the same arithmetic."
    ),
    "rsx-qio": (
        "Not simulated: the memo's program issues one request after another (no two compete), so "
        "a request's time is the sum of its CPU, pool and device times and no queue forms."
    ),
    "afs": (
        "Not simulated: one client reads or stores one file, a chunk at a time, each chunk's round "
        "trip, network and disk in sequence; the model adds those times, and with a single "
        "stream of chunks no queue forms for a simulation to find."
    ),
}


def words(system: str) -> str:
    """What the model's card says of simulating it."""
    return SIMULATED.get(system) or WHY_NOT.get(system) or "Not simulated."
