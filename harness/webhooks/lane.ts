/**
 * Who may use one event at a time, for checks that run side by side. A check whose receivers are
 * scripted (fail the first N attempts, hold the first one open) or that needs its endpoint to see
 * its own delivery alone takes the lane `exclusive`: no other check of the file sends that event
 * meanwhile. A check that only sends it, or that counts nothing but its own delivery, takes it
 * `shared`, beside others of its kind. Requests are served in order, so a waiting exclusive check
 * is not passed over by shared ones that came later.
 */
export class EventLane {
  readonly #queue: Array<{ readonly exclusive: boolean; readonly start: () => void }> = [];
  #shared = 0;
  #exclusive = false;

  /** Runs `body` while no exclusive user holds the lane. */
  shared<T>(body: () => Promise<T>): Promise<T> {
    return this.#run(false, body);
  }

  /** Runs `body` while nobody else holds the lane. */
  exclusive<T>(body: () => Promise<T>): Promise<T> {
    return this.#run(true, body);
  }

  async #run<T>(exclusive: boolean, body: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.#queue.push({ exclusive, start });
      this.#grant();
    });
    try {
      return await body();
    } finally {
      if (exclusive) this.#exclusive = false;
      else this.#shared -= 1;
      this.#grant();
    }
  }

  #grant(): void {
    while (this.#queue.length > 0 && !this.#exclusive) {
      const next = this.#queue[0]!;
      if (next.exclusive && this.#shared > 0) return;
      this.#queue.shift();
      if (next.exclusive) this.#exclusive = true;
      else this.#shared += 1;
      next.start();
      if (next.exclusive) return;
    }
  }
}

/**
 * One EventLane per event, made when first asked for: checks that send different events never wait
 * for each other, so a long scripted check on one event does not hold up those on another.
 */
export class EventLanes {
  readonly #lanes = new Map<string, EventLane>();

  of(event: string): EventLane {
    let lane = this.#lanes.get(event);
    if (lane === undefined) {
      lane = new EventLane();
      this.#lanes.set(event, lane);
    }
    return lane;
  }
}
