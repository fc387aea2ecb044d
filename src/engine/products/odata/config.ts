/**
 * Deployment configuration of the emulated OData service: the three root segments after /odata
 * (product segment, config file, company) and the build that is "deployed".
 */

/** {odata_root} segments: /odata/<product_segment>/<config_file>/<company> (real-product facts). */
export const ROOT_SEGMENTS = ['Priority', 'tabula.ini', 'demo'] as const;

/** Path of the OData root relative to the environment base (no trailing slash). */
export const ODATA_ROOT = `/odata/${ROOT_SEGMENTS.join('/')}`;

/** Function-import answers (spec 001 § Root and metadata). The build is one coherent 25.0 release. */
export const PRODUCT_VERSION = '25.0';
export const ODATA_VERSION = '1.25.0.17';
export const BIN_VERSION = '25.0.0.41';

/**
 * Value of the x-deployment-id header on every 2xx (spec 001 § Versioning 2): stable for a build,
 * it changes only when the simulated build changes.
 */
export const DEPLOYMENT_ID = 'prio-25.0.0.41-odata-1.25.0.17';

/** GetTenantDetails `hosting`: the emulated instance is a hosted (cloud) tenant. */
export const HOSTING = true;
