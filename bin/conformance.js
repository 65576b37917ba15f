#!/usr/bin/env node
// The published command: loads the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../harness/cli/bin.ts');
