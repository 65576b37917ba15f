import type { Seed, SeedProject } from '../seed.js';

/**
 * The seeded projects of each organisation (spec 4.12: projects are root tasks; the
 * reference cannot create them). Lookups by id are case-insensitive.
 */
export class ProjectDirectory {
  readonly #byOrganisation = new Map<string, SeedProject[]>();
  readonly #byId = new Map<string, Map<string, SeedProject>>();

  constructor(seed: Seed) {
    for (const org of seed.organisations) {
      const projects = org.projects.map((p) => ({ id: p.id, name: p.name, versionId: p.versionId }));
      this.#byOrganisation.set(org.id, projects);
      this.#byId.set(org.id, new Map(projects.map((p) => [p.id.toLowerCase(), p])));
    }
  }

  /** The organisation's projects in seed order. */
  list(organisationId: string): SeedProject[] {
    return [...(this.#byOrganisation.get(organisationId) ?? [])];
  }

  /** Every organisation's projects, organisations in seed order (only the pj-list-leak fault uses this). */
  listAll(): SeedProject[] {
    return [...this.#byOrganisation.values()].flat();
  }

  get(organisationId: string, id: string): SeedProject | undefined {
    return this.#byId.get(organisationId)?.get(id.toLowerCase());
  }
}
