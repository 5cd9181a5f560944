#!/usr/bin/env node
// The `ubongo` command. The TypeScript is compiled to dist/ by `npm install` (the root `prepare`).
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
