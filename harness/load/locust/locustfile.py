"""The Locust engine of `conformance load --engine=locust`: one file for the master and every worker.

It only sends, counts and timestamps; the TypeScript harness decides (harness/load/tally.ts is the
contract of what it hands back, harness/load/locust/engine.ts the driver).

Master (`WMC_LOCUST_EXPECT_WORKERS=N locust -f locustfile.py --master --headless -u 0`):
  - stdout carries ONLY JSON lines, one per event: {"event":"ready","workers":[...]} once the
    expected workers answered and their clocks were measured, {"event":"done","jobId":..,"file":..}
    per job, {"event":"error",...}. Locust's own output goes to stderr.
  - stdin carries JSON-line commands: {"cmd":"job","job":Job,"target":"http://host:port"},
    {"cmd":"stop","jobId":..}, {"cmd":"quit"}. End of stdin is a quit too (the harness is gone).
  - each job goes to every worker, with its index; once all workers prepared their connections a
    "go" lines their first requests up; their tallies are written as one LocustResult JSON file in
    $WMC_LOCUST_RESULT_DIR.
Worker (`locust -f locustfile.py --worker --master-host HOST`):
  - reads the API keys from the JSON array in the file named by $CONFORMANCE_LOCUST_KEYS_FILE;
    jobs, messages and results name keys by index only, so a key is never printed or sent.
  - sends its share of a job and tallies it per key: times are monotonic ms since its "go".

No per-request record leaves a worker: counts, fixed-width buckets, distinct Retry-After/Date
pairs and a log-linear latency histogram (the bucket index of harness/load/histogram.ts).
A 429 is never a Locust failure: the requests bypass Locust's statistics altogether (they would
count a 429 as a failure) and the tallies are the statistics.
"""

import json
import math
import os
import re
import socket
import sys
import tempfile
import time
from urllib.parse import urlsplit

import gevent
import gevent.os
from gevent.event import Event
from gevent.queue import Empty, LifoQueue

import locust
import locust.runners
from locust import User, constant, events, task
from locust.runners import MasterRunner, WorkerRunner

from geventhttpclient import HTTPClient

# The harness refuses a result whose locustfile version differs from its own
# (harness/load/locust/version.ts holds the same value; a test compares them).
LOCUSTFILE_VERSION = "1"
RESULT_FORMAT = "conformance-locust-result"
RESULT_VERSION = 1
# Distinct Retry-After/Date pairs kept per key and worker (MAX_RETRY_AFTER_VALUES of tally.ts).
MAX_RETRY_AFTER_VALUES = 512

KEYS_FILE_ENV = "CONFORMANCE_LOCUST_KEYS_FILE"
RESULT_DIR_ENV = "WMC_LOCUST_RESULT_DIR"
# For tests only: shifts this worker's wall clock (receivedAt values and its clock pong) by this many
# ms, so the harness's handling of workers whose clocks disagree can be tested on one machine.
CLOCK_SKEW_ENV = "WMC_LOCUST_CLOCK_SKEW_MS"

# Clock measurement: pings per worker (the one with the shortest round trip wins) and its bounds.
CLOCK_PINGS = 5
PING_RESEND_S = 1.0
# How long a worker may take to open a job's connections before the master gives up on the job.
PREPARE_BOUND_S = 30.0
# A command line on stdin longer than this is refused (a job is a few kB at most).
MAX_COMMAND_BYTES = 8 * 1024 * 1024
# How long the master may take to shut down after a quit before it ends itself.
QUIT_BOUND_S = 5.0
# After a quit, how long the master waits for its workers to leave before it ends itself.
WORKERS_GONE_BOUND_S = 1.5
# The workers the master waits for. Not Locust's --expect-workers: with it, Locust's headless start
# waits for them in a loop of its own that a quit cannot end.
EXPECT_WORKERS_ENV = "WMC_LOCUST_EXPECT_WORKERS"
# Slack on top of a job's own duration before the master or a worker cuts it short.
JOB_SLACK_S = 10.0
# Throughput POST answers parsed for data.id are read at most this far.
ACCEPT_JSON = "application/json"

# Debian's python3-locust ships an empty _version.py: its master then takes every worker for a
# "pre 2.0" one and refuses it. Give both sides the packaged release's number, only when it is
# empty, so that releases from other sources keep their own.
FALLBACK_LOCUST_VERSION = "2.12.1"
if not getattr(locust, "__version__", None):
    locust.__version__ = FALLBACK_LOCUST_VERSION
    locust.runners.__version__ = FALLBACK_LOCUST_VERSION


class ConformanceIdle(User):
    """Locust needs a user class; the engine's traffic is sent by jobs, so none is ever started (-u 0)."""

    wait_time = constant(3600)

    @task
    def idle(self):
        gevent.sleep(3600)


# ---------------------------------------------------------------------------------------------
# Tallies (the shapes of harness/load/tally.ts)

SUB_BUCKETS = 64
EXACT_BELOW = 2 * SUB_BUCKETS
MAX_MICROS = 2**31 - 1


def latency_micros(seconds):
    """A duration as whole microseconds, rounded half up like JavaScript's Math.round, clamped."""
    return max(0, min(MAX_MICROS, math.floor(seconds * 1_000_000 + 0.5)))


def histogram_index(micros):
    """The bucket index of harness/load/histogram.ts: exact below 128 µs, then 64 sub-buckets per power of 2."""
    if micros < EXACT_BELOW:
        return micros
    shift = micros.bit_length() - 1 - 6
    return EXACT_BELOW + (shift - 1) * SUB_BUCKETS + ((micros >> shift) - SUB_BUCKETS)


DELTA_SECONDS = re.compile(r"[0-9]+(\.[0-9]+)?")


def _numeric_delta(value):
    if value is None:
        return None
    # The same rule as the harness's (tally-samples.ts numericDelta): whole or fractional seconds, ASCII digits only.
    text = value.strip()
    if not DELTA_SECONDS.fullmatch(text):
        return None
    return int(text) if text.isdigit() else float(text)


class KeyTally:
    """One key's traffic in one job on this worker."""

    def __init__(self, key_index, bucket_ms):
        self.key_index = key_index
        self.bucket_ms = bucket_ms
        self.sent = 0
        self.status_counts = {}
        self.errors = 0
        self.first_error = None
        self.first_sent_ms = None
        self.last_answer_ms = None
        self.first429_ms = None
        self.first429_sent_ms = None
        self.buckets = {}
        self.ra_values = []
        self.ra_seen = {}
        self.ra_overflow = {"count": 0, "minDelta": None, "maxDelta": None, "nonNumeric": 0, "firstNonNumeric": None}
        self.lat_count = 0
        self.lat_sum = 0
        self.lat_max = 0
        self.lat_buckets = {}
        self.max_lag_ms = 0.0
        self.created_ids = []

    def on_sent(self, start_ms):
        self.sent += 1
        if self.first_sent_ms is None or start_ms < self.first_sent_ms:
            self.first_sent_ms = start_ms

    def _bucket(self, end_ms, slot):
        start = math.floor(end_ms / self.bucket_ms) * self.bucket_ms
        bucket = self.buckets.get(start)
        if bucket is None:
            bucket = self.buckets[start] = [0, 0, 0, 0]
        bucket[slot] += 1
        if self.last_answer_ms is None or end_ms > self.last_answer_ms:
            self.last_answer_ms = end_ms

    def on_answer(self, start_ms, end_ms, duration_s, status, retry_after, date, received_at):
        key = str(status)
        self.status_counts[key] = self.status_counts.get(key, 0) + 1
        self._bucket(end_ms, 0 if 200 <= status < 300 else 1 if status == 429 else 2)
        micros = latency_micros(duration_s)
        self.lat_count += 1
        self.lat_sum += micros
        self.lat_max = max(self.lat_max, micros)
        index = histogram_index(micros)
        self.lat_buckets[index] = self.lat_buckets.get(index, 0) + 1
        if status == 429:
            if self.first429_ms is None or end_ms < self.first429_ms:
                self.first429_ms = end_ms
            if self.first429_sent_ms is None or start_ms < self.first429_sent_ms:
                self.first429_sent_ms = start_ms
            self._retry_after(retry_after, date, received_at)

    def _retry_after(self, value, date, received_at):
        pair = (value, date)
        seen = self.ra_seen.get(pair)
        if seen is not None:
            seen["count"] += 1
            return
        if len(self.ra_values) < MAX_RETRY_AFTER_VALUES:
            entry = {"value": value, "date": date, "receivedAt": received_at, "count": 1}
            self.ra_values.append(entry)
            self.ra_seen[pair] = entry
            return
        overflow = self.ra_overflow
        overflow["count"] += 1
        delta = _numeric_delta(value)
        if delta is None:
            overflow["nonNumeric"] += 1
            if overflow["firstNonNumeric"] is None:
                overflow["firstNonNumeric"] = {"value": value, "date": date, "receivedAt": received_at}
        else:
            overflow["minDelta"] = delta if overflow["minDelta"] is None else min(overflow["minDelta"], delta)
            overflow["maxDelta"] = delta if overflow["maxDelta"] is None else max(overflow["maxDelta"], delta)

    def on_error(self, end_ms, message):
        self.errors += 1
        if self.first_error is None:
            self.first_error = message
        self._bucket(end_ms, 3)

    def to_json(self):
        return {
            "keyIndex": self.key_index,
            "sent": self.sent,
            "statusCounts": dict(sorted(self.status_counts.items())),
            "errors": self.errors,
            "firstError": self.first_error,
            "firstSentMs": self.first_sent_ms,
            "lastAnswerMs": self.last_answer_ms,
            "first429Ms": self.first429_ms,
            "first429SentMs": self.first429_sent_ms,
            "bucketMs": self.bucket_ms,
            # Non-empty buckets only, in order; startMs names each.
            "buckets": [
                {"startMs": start, "admitted": b[0], "rejected": b[1], "other": b[2], "error": b[3]}
                for start, b in sorted(self.buckets.items())
            ],
            "retryAfter": {"values": self.ra_values, "overflow": self.ra_overflow},
            "latency": {
                "count": self.lat_count,
                "sumMicros": self.lat_sum,
                "maxMicros": self.lat_max,
                "buckets": [[index, n] for index, n in sorted(self.lat_buckets.items())],
            },
            "maxLagMs": self.max_lag_ms,
            "createdIds": self.created_ids,
        }


# ---------------------------------------------------------------------------------------------
# Shares: worker i of n takes items i, i + n, ...


def share_count(total, index, n):
    """How many of `total` items (0-based i, i + n, ...) worker `index` of `n` takes."""
    return 0 if index >= total else (total - index + n - 1) // n


def connection_share(connections, requests, index, n):
    """This worker's connections for its `requests`: its share of `connections`, at least 1 when it has requests."""
    if requests == 0:
        return 0
    return max(1, min(requests, share_count(connections, index, n)))


def job_bound_s(job):
    """How long a job may take before it is cut short, seconds."""
    timeout_s = job["timeoutMs"] / 1000
    if job["kind"] == "burst":
        rounds = math.ceil(job["requestsPerKey"] / job["connectionsPerKey"])
        return rounds * timeout_s + JOB_SLACK_S
    if job["kind"] == "schedule":
        last = max(job["offsetsMs"]) if job["offsetsMs"] else 0
        return last / 1000 + timeout_s + JOB_SLACK_S
    return job["durationS"] + timeout_s + JOB_SLACK_S


# ---------------------------------------------------------------------------------------------
# Worker


def wall_ms():
    return time.time() * 1000 + CLOCK_SKEW_MS


CLOCK_SKEW_MS = float(os.environ.get(CLOCK_SKEW_ENV) or 0)
KEYS = None


def load_keys():
    path = os.environ.get(KEYS_FILE_ENV)
    if not path:
        raise SystemExit(f"conformance worker: {KEYS_FILE_ENV} is not set; it must name the keys file (a JSON array of API keys)")
    try:
        with open(path, encoding="utf-8") as handle:
            keys = json.load(handle)
    except (OSError, ValueError) as error:
        raise SystemExit(f"conformance worker: the keys file named by {KEYS_FILE_ENV} cannot be read: {type(error).__name__}") from None
    if not isinstance(keys, list) or not keys or not all(isinstance(k, str) and k for k in keys):
        raise SystemExit(f"conformance worker: the keys file named by {KEYS_FILE_ENV} must hold a non-empty JSON array of keys")
    return keys


class Connections:
    """Idle keep-alive connections to the target, one HTTPClient (one socket) each."""

    def __init__(self, target, timeout_s):
        parts = urlsplit(target)
        self.ssl = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port or (443 if self.ssl else 80)
        self.timeout_s = timeout_s
        self.idle = LifoQueue()
        self.all = []

    def new(self):
        client = HTTPClient(
            self.host,
            self.port,
            ssl=self.ssl,
            concurrency=1,
            connection_timeout=self.timeout_s,
            network_timeout=self.timeout_s,
        )
        self.all.append(client)
        return client

    def open(self, count):
        """Opens `count` connections before go, so the first requests do not wait for a handshake."""
        for _ in range(count):
            client = self.new()
            pool = getattr(client, "_connection_pool", None)
            if pool is not None:
                # The pool's own sockets: opened now, handed back idle for the first request.
                pool.return_socket(pool.get_socket())
            self.idle.put(client)

    def take(self):
        try:
            return self.idle.get(block=False)
        except Empty:
            return self.new()

    def give_back(self, client):
        self.idle.put(client)

    def discard(self, client):
        try:
            client.close()
        except Exception:
            pass

    def close(self):
        for client in self.all:
            self.discard(client)


class WorkerJob:
    """This worker's share of one job, from "job" to its tallies."""

    def __init__(self, runner, data):
        self.runner = runner
        self.job = data["job"]
        self.job_id = self.job["id"]
        self.index = data["index"]
        self.n = data["workers"]
        self.target = data["target"]
        self.timeout_s = self.job["timeoutMs"] / 1000
        self.tallies = {}
        self.go = Event()
        self.stop = Event()
        self.t0 = None
        self.go_wall = None
        self.greenlets = []
        self.connections = Connections(self.target, self.timeout_s)
        self.bucket_ms = self.job["bucketMs"]

    def tally(self, key_index):
        tally = self.tallies.get(key_index)
        if tally is None:
            tally = self.tallies[key_index] = KeyTally(key_index, self.bucket_ms)
        return tally

    def now_ms(self):
        return (time.monotonic() - self.t0) * 1000

    def key_indexes(self):
        job = self.job
        return job["keyIndexes"] if job["kind"] == "burst" else [job["keyIndex"]]

    # -- one request

    def send(self, connections, key_index, method, path, body, collect_id=False):
        tally = self.tally(key_index)
        headers = {"x-api-key": KEYS[key_index], "accept": ACCEPT_JSON}
        if body is not None:
            headers["content-type"] = ACCEPT_JSON
        client = connections.take()
        start = time.monotonic()
        start_ms = (start - self.t0) * 1000
        tally.on_sent(start_ms)
        try:
            with gevent.Timeout(self.timeout_s):
                response = client.request(method, path, body=body if body is not None else b"", headers=headers)
                content = response.read()
                response.release()
        except gevent.Timeout:
            connections.discard(client)
            tally.on_error(self.now_ms(), f"no answer within {self.job['timeoutMs']:g} ms")
            return
        except gevent.GreenletExit:
            connections.discard(client)
            tally.on_error(self.now_ms(), "stopped before an answer")
            raise
        except Exception as error:
            connections.discard(client)
            tally.on_error(self.now_ms(), f"{type(error).__name__}: {error}")
            return
        end = time.monotonic()
        connections.give_back(client)
        status = response.status_code
        tally.on_answer(
            start_ms,
            (end - self.t0) * 1000,
            end - start,
            status,
            response.get("retry-after"),
            response.get("date"),
            wall_ms(),
        )
        if collect_id and 200 <= status < 300:
            try:
                created = json.loads(content).get("data", {}).get("id")
            except (ValueError, AttributeError):
                created = None
            if isinstance(created, str):
                tally.created_ids.append(created)

    # -- the kinds

    def prepare(self):
        """Checks the job against the keys and opens the burst's connections; returns an error or None."""
        for key_index in self.key_indexes():
            if key_index >= len(KEYS):
                return f"the job names key {key_index} but this worker's keys file holds {len(KEYS)} keys"
        if self.job["kind"] == "burst":
            self.burst_plan = []
            for key_index in self.job["keyIndexes"]:
                requests = share_count(self.job["requestsPerKey"], self.index, self.n)
                conns = connection_share(self.job["connectionsPerKey"], requests, self.index, self.n)
                pool = Connections(self.target, self.timeout_s)
                try:
                    pool.open(conns)
                except Exception as error:
                    return f"cannot connect to the target: {type(error).__name__}: {error}"
                self.burst_plan.append((key_index, requests, conns, pool))
        return None

    def run_burst(self):
        path = self.job["path"]
        for key_index, requests, conns, pool in self.burst_plan:
            self.tally(key_index)
            left = [requests]

            def loop(key_index=key_index, left=left, pool=pool):
                while left[0] > 0 and not self.stop.is_set():
                    left[0] -= 1
                    self.send(pool, key_index, "GET", path, None)

            for _ in range(conns):
                self.greenlets.append(gevent.spawn(loop))

    def run_schedule(self):
        job = self.job
        key_index = job["keyIndex"]
        tally = self.tally(key_index)
        offsets = job["offsetsMs"][self.index :: self.n]

        def scheduler():
            for offset in offsets:
                if self.stop.is_set():
                    return
                delay = offset / 1000 - (time.monotonic() - self.t0)
                if delay > 0:
                    gevent.sleep(delay)
                # Open model: every request starts in its own greenlet, a slow answer delays nothing.
                tally.max_lag_ms = max(tally.max_lag_ms, self.now_ms() - offset)
                self.greenlets.append(gevent.spawn(self.send, self.connections, key_index, "GET", job["path"], None))

        self.greenlets.append(gevent.spawn(scheduler))

    def run_throughput(self):
        job = self.job
        key_index = job["keyIndex"]
        self.tally(key_index)
        budget = [share_count(job["maxRequests"], self.index, self.n)]
        conns = connection_share(job["connections"], budget[0], self.index, self.n)
        deadline = job["durationS"]
        body = job["body"].encode("utf-8") if job["body"] is not None else None
        collect = job["method"] == "POST"

        def loop():
            while budget[0] > 0 and not self.stop.is_set() and time.monotonic() - self.t0 < deadline:
                budget[0] -= 1
                self.send(self.connections, key_index, job["method"], job["path"], body, collect)

        for _ in range(conns):
            self.greenlets.append(gevent.spawn(loop))

    def start(self):
        """Runs on "go": the job's traffic, then its tallies to the master."""
        self.t0 = time.monotonic()
        self.go_wall = wall_ms()
        kind = self.job["kind"]
        getattr(self, f"run_{kind}")()
        gevent.spawn(self.finish)

    def finish(self):
        bound = job_bound_s(self.job)
        stopped = False
        deadline = time.monotonic() + bound
        # Greenlets of a schedule are added while it runs: wait until none is left running.
        while True:
            running = [g for g in self.greenlets if not g.dead]
            if not running:
                break
            left = deadline - time.monotonic()
            if self.stop.is_set() or left <= 0:
                stopped = True
                gevent.killall(running, block=True, timeout=5)
                break
            gevent.joinall(running, timeout=min(left, 0.5))
        self.connections.close()
        for _, _, _, pool in getattr(self, "burst_plan", []):
            pool.close()
        self.runner.send_message(
            "cf_tally",
            {
                "jobId": self.job_id,
                "index": self.index,
                "goWall": self.go_wall,
                "stopped": stopped or self.stop.is_set(),
                "tallies": [t.to_json() for _, t in sorted(self.tallies.items())],
            },
        )


def setup_worker(environment, runner):
    global KEYS
    try:
        KEYS = load_keys()
    except SystemExit as error:
        sys.stderr.write(f"{error}\n")
        sys.stderr.flush()
        os._exit(2)
    jobs = {}

    def on_ping(environment, msg, **_kw):
        data = msg.data
        runner.send_message(
            "cf_pong",
            {"seq": data["seq"], "wall": wall_ms(), "host": socket.gethostname(), "keys": len(KEYS), "locustfile": LOCUSTFILE_VERSION},
        )

    def on_job(environment, msg, **_kw):
        work = WorkerJob(runner, msg.data)
        jobs.clear()
        jobs[work.job_id] = work

        def prepare():
            try:
                error = work.prepare()
            except Exception as failure:
                error = f"{type(failure).__name__}: {failure}"
            runner.send_message("cf_prepared", {"jobId": work.job_id, "index": work.index, "error": error})

        gevent.spawn(prepare)

    def on_go(environment, msg, **_kw):
        work = jobs.get(msg.data["jobId"])
        if work is not None:
            work.start()

    def on_stop(environment, msg, **_kw):
        work = jobs.get(msg.data["jobId"])
        if work is not None:
            work.stop.set()

    runner.register_message("cf_ping", on_ping)
    runner.register_message("cf_job", on_job)
    runner.register_message("cf_go", on_go)
    runner.register_message("cf_stop", on_stop)


# ---------------------------------------------------------------------------------------------
# Master


class Master:
    def __init__(self, environment, runner):
        self.environment = environment
        self.runner = runner
        options = environment.parsed_options
        self.expected = max(1, int(os.environ.get(EXPECT_WORKERS_ENV) or getattr(options, "expect_workers", 1) or 1))
        self.result_dir = os.environ.get(RESULT_DIR_ENV) or tempfile.mkdtemp(prefix="conformance-locust-")
        # stdout is the harness's event channel alone: keep a private handle on it, and send
        # everything else written to fd 1 (Locust's statistics, prints) to stderr.
        self.events_out = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
        os.dup2(2, 1)
        # stdin is the command channel alone: keep it, and give Locust's keyboard listener nothing.
        self.commands_fd = os.dup(0)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        self.clocks = {}
        self.workers = []
        self.job = None
        runner.register_message("cf_pong", self.on_pong)
        runner.register_message("cf_prepared", self.on_prepared)
        runner.register_message("cf_tally", self.on_tally)

    def emit(self, event):
        self.events_out.write(json.dumps(event, separators=(",", ":")) + "\n")
        self.events_out.flush()

    # -- workers and their clocks

    def connected_ids(self):
        return [client.id for client in self.runner.clients.all]

    def on_pong(self, environment, msg, **_kw):
        received = time.time() * 1000
        clock = self.clocks.get(msg.node_id)
        if clock is None or msg.data["seq"] != clock["seq"] or clock["sentAt"] is None:
            return
        rtt = received - clock["sentAt"]
        offset = msg.data["wall"] - (clock["sentAt"] + received) / 2
        clock["samples"].append((rtt, offset))
        clock["host"] = str(msg.data.get("host", ""))
        clock["keys"] = msg.data.get("keys")
        clock["locustfile"] = msg.data.get("locustfile")
        clock["sentAt"] = None
        if len(clock["samples"]) < CLOCK_PINGS:
            self.ping(msg.node_id)

    def ping(self, client_id):
        clock = self.clocks.setdefault(client_id, {"seq": 0, "sentAt": None, "samples": [], "host": ""})
        clock["seq"] += 1
        clock["sentAt"] = time.time() * 1000
        self.runner.send_message("cf_ping", {"seq": clock["seq"]}, client_id)

    def wait_for_workers(self):
        while True:
            ids = self.connected_ids()
            for client_id in ids:
                clock = self.clocks.get(client_id)
                if clock is None:
                    self.ping(client_id)
                elif clock["sentAt"] is not None and time.time() * 1000 - clock["sentAt"] > PING_RESEND_S * 1000:
                    self.ping(client_id)
            measured = sorted(c for c in ids if len(self.clocks.get(c, {}).get("samples", [])) >= CLOCK_PINGS)
            if len(measured) >= self.expected:
                return measured[: self.expected]
            gevent.sleep(0.05)

    def worker_info(self, index, client_id, go_spread=0.0):
        clock = self.clocks[client_id]
        rtt, offset = min(clock["samples"])
        return {"index": index, "host": clock["host"], "clockOffsetMs": round(offset, 3), "clockRttMs": round(rtt, 3), "goSpreadMs": go_spread}

    # -- jobs

    def on_prepared(self, environment, msg, **_kw):
        job = self.job
        if job is not None and msg.data["jobId"] == job["id"]:
            job["prepared"][msg.data["index"]] = msg.data["error"]
            job["event"].set()

    def on_tally(self, environment, msg, **_kw):
        job = self.job
        if job is not None and msg.data["jobId"] == job["id"]:
            job["tallies"][msg.data["index"]] = msg.data
            job["doneAt"] = time.monotonic()
            job["event"].set()

    def wait_until(self, job, condition, bound_s):
        deadline = time.monotonic() + bound_s
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            job["event"].clear()
            if condition():
                return True
            job["event"].wait(timeout=min(left, 0.5))
        return True

    def run_job(self, command):
        spec = command["job"]
        job_id = str(spec["id"])
        n = len(self.workers)
        job = {"id": job_id, "prepared": {}, "tallies": {}, "event": Event(), "doneAt": None, "stop": False}
        self.job = job
        try:
            for index, client_id in enumerate(self.workers):
                self.runner.send_message(
                    "cf_job", {"job": spec, "target": command["target"], "index": index, "workers": n}, client_id
                )
            if not self.wait_until(job, lambda: len(job["prepared"]) == n, PREPARE_BOUND_S):
                return self.emit({"event": "error", "jobId": job_id, "message": f"{n - len(job['prepared'])} of {n} workers did not prepare the job within {PREPARE_BOUND_S:g} s"})
            failures = [f"worker {i}: {e}" for i, e in sorted(job["prepared"].items()) if e]
            if failures:
                return self.emit({"event": "error", "jobId": job_id, "message": "; ".join(failures)})
            go_at = time.monotonic()
            for client_id in self.workers:
                self.runner.send_message("cf_go", {"jobId": job_id}, client_id)
            bound = job_bound_s(spec) + JOB_SLACK_S
            if not self.wait_until(job, lambda: len(job["tallies"]) == n, bound):
                return self.emit({"event": "error", "jobId": job_id, "message": f"{n - len(job['tallies'])} of {n} workers sent no tallies within {bound:g} s"})
            self.write_result(job, spec, go_at)
        finally:
            self.job = None

    def write_result(self, job, spec, go_at):
        infos = [self.worker_info(i, c) for i, c in enumerate(self.workers)]
        # When each worker received "go", on the master's clock (its wall clock less its offset).
        go_master = {i: job["tallies"][i]["goWall"] - infos[i]["clockOffsetMs"] for i in job["tallies"]}
        first = min(go_master.values())
        for info in infos:
            info["goSpreadMs"] = round(max(0.0, go_master[info["index"]] - first), 3)
        result = {
            "format": RESULT_FORMAT,
            "version": RESULT_VERSION,
            "locustfile": LOCUSTFILE_VERSION,
            "locust": locust.__version__,
            "jobId": job["id"],
            "workers": infos,
            "tallies": [
                {"worker": i, "tally": tally}
                for i in sorted(job["tallies"])
                for tally in job["tallies"][i]["tallies"]
            ],
            "elapsedMs": round(max(0.0, (job["doneAt"] - go_at) * 1000), 3),
            "stopped": job["stop"] or any(t["stopped"] for t in job["tallies"].values()),
        }
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in job["id"])[:80]
        path = os.path.join(self.result_dir, f"{safe}-{int(time.time() * 1000)}.json")
        with open(path + ".part", "w", encoding="utf-8") as handle:
            json.dump(result, handle, separators=(",", ":"))
        os.replace(path + ".part", path)
        self.emit({"event": "done", "jobId": job["id"], "file": path})

    # -- commands

    def commands(self):
        """JSON lines from stdin; end of input is a quit."""
        gevent.os.make_nonblocking(self.commands_fd)
        pending = b""
        while True:
            chunk = gevent.os.nb_read(self.commands_fd, 65536)
            if not chunk:
                yield {"cmd": "quit"}
                return
            pending += chunk
            if len(pending) > MAX_COMMAND_BYTES and b"\n" not in pending:
                self.emit({"event": "error", "message": f"a command longer than {MAX_COMMAND_BYTES} bytes was refused"})
                pending = b""
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if line.strip():
                    try:
                        yield json.loads(line)
                    except ValueError:
                        self.emit({"event": "error", "message": "a command line is not JSON"})

    def main(self):
        # Commands are read from the start, so a quit ends the master while it still waits for workers.
        queue = gevent.queue.Queue()
        gevent.spawn(self.read_commands, queue)
        try:
            self.workers = self.wait_for_workers()
            self.emit(
                {
                    "event": "ready",
                    "locust": locust.__version__,
                    "locustfile": LOCUSTFILE_VERSION,
                    "keys": [self.clocks[c].get("keys") for c in self.workers],
                    "workerLocustfiles": [self.clocks[c].get("locustfile") for c in self.workers],
                    "workers": [self.worker_info(i, c) for i, c in enumerate(self.workers)],
                }
            )
            while True:
                command = queue.get()
                kind = command.get("cmd") if isinstance(command, dict) else None
                if kind == "job":
                    try:
                        self.run_job(command)
                    except Exception as error:
                        self.emit({"event": "error", "jobId": str(command.get("job", {}).get("id")), "message": f"{type(error).__name__}: {error}"})
                else:
                    self.emit({"event": "error", "message": f"unknown command {kind!r}"})
        except Exception as error:
            self.emit({"event": "error", "message": f"{type(error).__name__}: {error}"})
            self.quit()

    def quit(self):
        self.environment.process_exit_code = 0
        # Locust's own shutdown can stall (its stdout gone with the harness, a wait for workers
        # that left): the process ends within a bound whatever happens.
        gevent.spawn_later(QUIT_BOUND_S, os._exit, 0)
        self.runner.quit()
        # A quit that comes before Locust's headless start has begun (right after "ready") leaves
        # Locust waiting for a worker that just left; every event is written and flushed by now, so
        # the master ends as soon as its workers are gone (or within a short bound).
        gevent.spawn(self.exit_when_workers_gone)

    def exit_when_workers_gone(self):
        deadline = time.monotonic() + WORKERS_GONE_BOUND_S
        while self.runner.clients.all and time.monotonic() < deadline:
            gevent.sleep(0.05)
        self.events_out.flush()
        sys.stderr.flush()
        os._exit(0)

    def read_commands(self, queue):
        for command in self.commands():
            kind = command.get("cmd") if isinstance(command, dict) else None
            if kind == "quit":
                return self.quit()
            # A stop is acted on at once, even while a job runs; jobs in order.
            if kind == "stop":
                job = self.job
                if job is not None and job["id"] == str(command.get("jobId")):
                    job["stop"] = True
                    for client_id in self.workers:
                        self.runner.send_message("cf_stop", {"jobId": job["id"]}, client_id)
                continue
            queue.put(command)


@events.init.add_listener
def on_locust_init(environment, runner=None, **_kw):
    if isinstance(runner, WorkerRunner):
        setup_worker(environment, runner)
    elif isinstance(runner, MasterRunner):
        master = Master(environment, runner)
        gevent.spawn(master.main)
