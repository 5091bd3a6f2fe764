/**
 * Emulator project ids. `demo-*` ids need no credentials. The Auth emulator serves one project to
 * client SDKs (the contract suite's); the rules tests use their own Firestore project, so that both
 * test files can run at the same time without clearing each other's data.
 */
export const AUTH_PROJECT = 'demo-repairmate';
export const CONTRACT_PROJECT = AUTH_PROJECT;
export const RULES_PROJECT = 'demo-repairmate-rules';
/** The shop console's rules tests (shop-rules.test.ts), apart from the others' data. */
export const SHOP_RULES_PROJECT = 'demo-repairmate-shop-rules';
/** Opening a shop and its settings (store-setup-rules.test.ts), apart from the others' data. */
export const SETUP_RULES_PROJECT = 'demo-repairmate-setup-rules';
/** The payments' rules tests (payment-rules.test.ts), apart from the others' data. */
export const PAYMENT_RULES_PROJECT = 'demo-repairmate-payment-rules';
/** The reports' rules tests (report-rules.test.ts), apart from the others' data. */
export const REPORT_RULES_PROJECT = 'demo-repairmate-report-rules';
/** GST invoices' rules tests (invoice-rules.test.ts), apart from the others' data. */
export const INVOICE_RULES_PROJECT = 'demo-repairmate-invoice-rules';
/** The read meter's tests (firestore-reads.test.ts), apart from the others' data. */
export const READS_PROJECT = 'demo-repairmate-reads';
