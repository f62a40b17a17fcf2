// Its own module so that config.ts can check the input without loading the sandbox.

/** The `sandbox` input: confine where the kernel can, insist on it, or never. */
export type SandboxMode = 'auto' | 'required' | 'off';
export const SANDBOX_MODES: readonly SandboxMode[] = ['auto', 'required', 'off'];
