import { validationFailed, type Issue } from './errors.js';
import { DATE_SHAPE, isRealDate, isUuid } from './validation.js';

/**
 * Reads query parameters, which always arrive as strings (or arrays when repeated),
 * collecting issues instead of failing on the first. Call `finish()` to throw a 400.
 * A repeated parameter is an issue: every query parameter in the spec is a single value.
 */
export class QueryReader {
  readonly issues: Issue[] = [];
  readonly #query: Record<string, unknown>;

  constructor(query: unknown) {
    this.#query = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
  }

  issue(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  /** The raw single value, or undefined when absent. */
  string(name: string): string | undefined {
    const value = this.#query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.issue(name, 'must be a single value');
      return undefined;
    }
    return value;
  }

  /** Integer written in decimal digits (optional leading minus), within [min, max]. */
  integer(name: string, bounds: { min?: number; max?: number }): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      this.issue(name, 'must be an integer');
      return undefined;
    }
    const value = Number(raw);
    if (bounds.min !== undefined && value < bounds.min) {
      this.issue(name, `must be >= ${bounds.min}`);
      return undefined;
    }
    if (bounds.max !== undefined && value > bounds.max) {
      this.issue(name, `must be <= ${bounds.max}`);
      return undefined;
    }
    return value;
  }

  oneOf<const T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.issue(name, `must be one of: ${allowed.join(', ')}`);
      return undefined;
    }
    return raw as T;
  }

  uuid(name: string): string | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!isUuid(raw)) {
      this.issue(name, 'must be a UUID');
      return undefined;
    }
    return raw;
  }

  /**
   * spec 4.3, 7: a `<date>` filter must be a real calendar date. `shapeOnly` (a fault)
   * checks the YYYY-MM-DD shape only, so 2024-02-30 passes.
   */
  date(name: string, shapeOnly = false): string | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!(shapeOnly ? DATE_SHAPE.test(raw) : isRealDate(raw))) {
      this.issue(name, 'must be a real date YYYY-MM-DD');
      return undefined;
    }
    return raw;
  }

  /**
   * spec 4.5: one string, comma-separated, split into a list. Items are trimmed and
   * empty items dropped; a value with no item left reads as absent (no filter).
   */
  commaList(name: string): string[] | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return items.length === 0 ? undefined : items;
  }

  /** A string whose length must lie in [min, max] when present (an empty value is present). */
  boundedString(name: string, min: number, max: number): string | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (raw.length < min || raw.length > max) {
      this.issue(name, `length must be between ${min} and ${max}`);
      return undefined;
    }
    return raw;
  }

  /**
   * spec 4 common rules: boolean filters are strings, exactly `true` means true and any
   * other value means false. `lenient` (a fault) also takes TRUE, 1 and yes as true.
   */
  boolean(name: string, lenient = false): boolean | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (lenient) return ['true', '1', 'yes'].includes(raw.toLowerCase());
    return raw === 'true';
  }

  finish(): void {
    if (this.issues.length > 0) throw validationFailed(this.issues);
  }
}
