/** Demo data, seeded idempotently. */
export { seedIfEmpty, seedAll, demoLogins, DEMO_PASSWORD } from './seedAll';
