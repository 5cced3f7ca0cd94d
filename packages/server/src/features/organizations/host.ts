/** The organization a request's host names (platform/host.ts, where the audit trail reads it too). */
export { findOrgBySubdomain, subdomainOf } from '../../platform/host.js';
