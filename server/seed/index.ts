/** Reference data (every mode) and demo data (demo mode only), seeded idempotently. */
export { seedIfEmpty, seedAll, seedReferenceData, seedDemoData, demoLoginCount, demoLogins, DEMO_PASSWORD } from './seedAll';
