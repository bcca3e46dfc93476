// fast-check draws fresh random inputs on every local run, which keeps finding new cases. CI sets
// FC_SEED so a submission is judged on inputs that are the same on every run; a failure anywhere
// prints its seed, and `FC_SEED=<seed> npm test` replays it.
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== '') fc.configureGlobal({ seed: Number(seed) });
