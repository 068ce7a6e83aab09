"""Calibration of the perfmodels systems against the memo datasets (development tool).

    python -m calibration            # every calibrated system   (run from models/, or `npm run calibrate`)
    python -m calibration decnet     # one system
    python -m calibration --check    # refit and compare with the committed parameters

For each system it fits the model's free parameters to the memo figures, then writes the
parameters and a fit report into perfmodels/params/{system}.json: every figure with the model's
value and error; leave-one-configuration-out errors; and the error of the naive baseline that
copies the nearest other memo figure. None of this code runs in the app.
"""
