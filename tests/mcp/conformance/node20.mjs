// Lets the conformance CLI (built for Node >= 22) start on Node 20: it imports fs.globSync, which it
// only uses to summarise result folders (`tier-check`), never in client mode. Loaded with --import.
import { register } from "node:module";
import * as fs from "node:fs";

if (!("globSync" in fs)) {
  register(new URL("./node20-hooks.mjs", import.meta.url));
}
