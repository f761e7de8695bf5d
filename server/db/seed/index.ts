export { seedReference } from './reference';
export { seedDemo, demoEmail, DEMO_PASSWORD, DEMO_ROLES } from './demo';
