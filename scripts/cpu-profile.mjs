// node scripts/cpu-profile.mjs <file.cpuprofile> [top]: where a service's CPU went, from a profile
// Node wrote (`--cpu-prof`; PINHIVE_CPU_PROF=<folder> makes the stack's services write one each
// when they stop). Prints self time by package (an npm package, node's own internals, our bundle,
// garbage collection, idle) and by function (`top`, 25 by default), as shares of the busy time.
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

// Self time per node: the sampling interval of each sample taken in it.
const selfUs = new Map();
const deltas = profile.timeDeltas ?? [];
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0)));

/** What a frame belongs to: the npm package of its file, node's internals, our bundle, or a VM state. */
function packageOf({ url, functionName }) {
  if (!url) return ['(idle)', '(program)', '(garbage collector)', '(root)'].includes(functionName) ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (/\/dist\/[^/]+\.js$/.test(url)) return '(our code)';
  return url;
}

const byPackage = new Map();
const byFunction = new Map();
let busy = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const pkg = packageOf(node.callFrame);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  if (pkg !== '(idle)') busy += us;
  const fn = `${node.callFrame.functionName || '(anonymous)'}  ${pkg === '(our code)' ? `main.js:${node.callFrame.lineNumber + 1}` : pkg}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}

const share = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(7)} s`;
console.log(`${file}: ${(busy / 1e6).toFixed(1)} s busy of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
console.log('\nby package (self time, share of busy):');
for (const [pkg, us] of [...byPackage].filter(([p]) => p !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${share(us)}  ${pkg}`);
console.log('\nby function:');
for (const [fn, us] of [...byFunction].filter(([f]) => !f.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${share(us)}  ${fn}`);
