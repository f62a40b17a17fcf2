import { STRICT_POLICY_VARIABLE } from '../src/policy/policy.js';

// Every test runs the command policy strictly: a checker crash throws instead of becoming a
// refusal that a deny test would take for a pass.
process.env[STRICT_POLICY_VARIABLE] = '1';
