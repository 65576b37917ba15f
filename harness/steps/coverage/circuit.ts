/**
 * An Eulerian circuit of the complete directed graph on `n` operations, loops included: a walk
 * from operation 0 back to it in which every ordered pair (x, y), x = y too, follows each other
 * exactly once. n * n pairs in n * n + 1 steps, the fewest any chain holding them all can have
 * (every node has as many edges in as out, so the circuit exists: Hierholzer's algorithm).
 * Deterministic: the same n gives the same walk.
 */
export function circuit(n: number): number[] {
  if (!Number.isInteger(n) || n < 1) return [];
  // The edges each node has left to walk, next first: its loop, then the others in turn after it.
  const next = Array.from({ length: n }, () => 0);
  const target = (from: number, k: number): number => (from + k) % n;
  const stack = [0];
  const walk: number[] = [];
  while (stack.length > 0) {
    const at = stack[stack.length - 1]!;
    if (next[at]! < n) {
      const to = target(at, next[at]!);
      next[at]! += 1;
      stack.push(to);
    } else {
      walk.push(stack.pop()!);
    }
  }
  return walk.reverse();
}

/** The ordered pairs a walk holds, each once (`x>y` keys), for the coverage table. */
export function pairsOf(walk: readonly number[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i < walk.length; i++) pairs.add(`${walk[i - 1]}>${walk[i]}`);
  return pairs;
}
