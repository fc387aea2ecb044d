/** The top-level resources of the receivables REST surface, in the order documents list them (the product's own list). */
export { REST_RESOURCES } from '../products/receivables/resources.ts';
