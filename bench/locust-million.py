"""A million answers through the locustfile's own tally code, written as the master would write them.

Usage: /usr/bin/python3 bench/locust-million.py LOCUSTFILE OUT.json [ANSWERS]

Feeds ANSWERS (default 1,000,000) synthetic answers to `KeyTally` of harness/load/locust/locustfile.py
and writes one LocustResult JSON file (harness/load/tally.ts) to OUT.json. The traffic: 8 keys on
2 workers over 300 s, 1000 ms buckets (the throughput scenario's width). Key 0 is an admin key
(every answer a 200); keys 1-7 are limited to 60 per minute per key, so each minute's first 60
answers are 200s and the rest 429s with a Retry-After: mostly whole seconds to the next window
with the answer's Date (a few hundred distinct pairs), a share of them fractional seconds (each
one distinct), so a tally reaches the cap of distinct pairs and its overflow counts the rest.
Latencies: around 2 ms (log-normal), a slow tail of 1 % up to 250 ms. Worker 1's clock is 250 ms
ahead, as its clock offset says. Seeded: the same file every run.

Prints one JSON line: the file, the answers fed and the seconds spent in the tally calls alone.
"""

import importlib.util
import json
import math
import os
import random
import sys
import time
from email.utils import formatdate

KEYS = 8
WORKERS = 2
DURATION_MS = 300_000
BUCKET_MS = 1000
WINDOW_MS = 60_000
LIMIT_PER_MINUTE = 60
FRACTIONAL_SHARE = 0.05
CLOCK_OFFSETS_MS = [0.0, 250.0]
# The workers' "go", epoch ms on the master's clock (a fixed instant: the file is the same every run).
GO_WALL_MS = 1_767_225_600_000.0


def load_locustfile(path):
    spec = importlib.util.spec_from_file_location("conformance_locustfile", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answers_of(rng, key_index, worker, count):
    """One key's answers on one worker, in answer order: (start_ms, end_ms, seconds, status, retry_after, date, received_at)."""
    step = DURATION_MS / count
    admitted_in_window = {}
    out = []
    for i in range(count):
        end_ms = i * step + rng.random() * step
        seconds = rng.lognormvariate(math.log(0.002), 0.4)
        if rng.random() < 0.01:
            seconds += rng.random() * 0.25
        start_ms = max(0.0, end_ms - seconds * 1000)
        received_at = GO_WALL_MS + end_ms + CLOCK_OFFSETS_MS[worker]
        window = int(end_ms // WINDOW_MS)
        # Each worker sees half of a limited key's admissions in a window.
        admitted = admitted_in_window.get(window, 0)
        if key_index == 0 or admitted < LIMIT_PER_MINUTE // WORKERS:
            admitted_in_window[window] = admitted + 1
            out.append((start_ms, end_ms, seconds, 200, None, None, received_at))
            continue
        to_reset_s = ((window + 1) * WINDOW_MS - end_ms) / 1000
        if rng.random() < FRACTIONAL_SHARE:
            retry_after = f"{to_reset_s:.3f}"
        else:
            retry_after = str(max(1, math.ceil(to_reset_s)))
        date = formatdate((GO_WALL_MS + end_ms) / 1000, usegmt=True)
        out.append((start_ms, end_ms, seconds, 429, retry_after, date, received_at))
    return out


def main():
    locustfile, out_path = sys.argv[1], sys.argv[2]
    total = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
    lf = load_locustfile(locustfile)
    rng = random.Random(25)
    per_sender = KEYS * WORKERS
    tallied_s = 0.0
    fed = 0
    tallies = []
    for worker in range(WORKERS):
        for key_index in range(KEYS):
            count = total // per_sender + (1 if worker * KEYS + key_index < total % per_sender else 0)
            answers = answers_of(rng, key_index, worker, count)
            tally = lf.KeyTally(key_index, BUCKET_MS)
            started = time.perf_counter()
            for start_ms, end_ms, seconds, status, retry_after, date, received_at in answers:
                tally.on_sent(start_ms)
                tally.on_answer(start_ms, end_ms, seconds, status, retry_after, date, received_at)
            tallied_s += time.perf_counter() - started
            fed += len(answers)
            tallies.append({"worker": worker, "tally": tally.to_json()})
    result = {
        "format": lf.RESULT_FORMAT,
        "version": lf.RESULT_VERSION,
        "locustfile": lf.LOCUSTFILE_VERSION,
        "locust": lf.locust.__version__,
        "jobId": "bench-million",
        "workers": [
            {"index": w, "host": f"bench-worker-{w}", "clockOffsetMs": CLOCK_OFFSETS_MS[w], "clockRttMs": 0.4, "goSpreadMs": 0.0}
            for w in range(WORKERS)
        ],
        "tallies": tallies,
        "elapsedMs": float(DURATION_MS),
        "stopped": False,
    }
    # As the master writes it (Master.write_result): compact JSON, then renamed into place.
    with open(out_path + ".part", "w", encoding="utf-8") as handle:
        json.dump(result, handle, separators=(",", ":"))
    os.replace(out_path + ".part", out_path)
    print(json.dumps({"file": out_path, "answers": fed, "tallySeconds": round(tallied_s, 3)}))


if __name__ == "__main__":
    main()
