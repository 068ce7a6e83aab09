"""Print the DECnet model's error against every memo figure at the end of the test run."""

from perfmodels import decnet


def pytest_terminal_summary(terminalreporter):
    p = decnet.load_params()
    tr = terminalreporter
    tr.section("DECnet model against the memo (mean of Test 1 and Test 2)")
    worst = 0.0
    for o in decnet.observations():
        model = decnet.predict(o, p)
        err = 100 * (model / o["value"] - 1)
        worst = max(worst, abs(err))
        tr.write_line(f"{o['circuit']:4} {o['test']:14} {o['column']:6} memo {o['value']:>10.1f} "
                      f"model {model:>10.1f} error {err:+5.1f}%")
    tr.write_line(f"worst error {worst:.1f}%")
