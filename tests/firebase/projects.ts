/**
 * Emulator project ids. `demo-*` ids need no credentials. The Auth emulator serves one project to
 * client SDKs (the contract suite's); the rules tests use their own Firestore project, so that both
 * test files can run at the same time without clearing each other's data.
 */
export const AUTH_PROJECT = 'demo-repairmate';
export const CONTRACT_PROJECT = AUTH_PROJECT;
export const RULES_PROJECT = 'demo-repairmate-rules';
