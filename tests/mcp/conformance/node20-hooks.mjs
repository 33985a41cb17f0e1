// Removes the fs.globSync import from the conformance bundle and stands in an empty glob for it.
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes("@modelcontextprotocol/conformance/dist/index.js")) {
    return result;
  }
  const source = String(result.source);
  const patched = source.replace("globSync as o,", "") + "\nfunction o(){return[]}\n";
  return { ...result, source: patched, shortCircuit: true };
}
