import { expect } from 'vitest';
import { awaitHeadStart } from '../check/head-start.js';

// A vitest setup file (harness/runner/run.ts): runs in a suite worker before each suite file loads.
await awaitHeadStart(expect.getState().testPath);
