import type { Observation } from './model.js';
import { compareNatural } from './order.js';

export interface ObservedValue {
  readonly value: string;
  readonly subjects: readonly string[];
  readonly requirements: readonly string[];
}

export interface ObservedTopic {
  readonly topic: string;
  /** Most common value first: it is what the target usually does. */
  readonly values: readonly ObservedValue[];
}

/** Observations grouped by topic, then by value, for every renderer. Deterministic order. */
export function groupObservations(observations: readonly Observation[]): ObservedTopic[] {
  const topics = [...new Set(observations.map((o) => o.topic))].sort(compareNatural);
  return topics.map((topic) => {
    const inTopic = observations.filter((o) => o.topic === topic);
    const values = [...new Set(inTopic.map((o) => o.value))].map((value): ObservedValue => {
      const matching = inTopic.filter((o) => o.value === value);
      return {
        value,
        subjects: [...new Set(matching.map((o) => o.subject))].sort(compareNatural),
        requirements: [...new Set(matching.flatMap((o) => (o.requirementId === null ? [] : [o.requirementId])))].sort(compareNatural),
      };
    });
    values.sort((a, b) => b.subjects.length - a.subjects.length || compareNatural(a.value, b.value));
    return { topic, values };
  });
}
