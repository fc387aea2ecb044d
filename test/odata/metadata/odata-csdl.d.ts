// Minimal typing of the odata-csdl converter used to validate our EDMX (the package ships none).
declare module 'odata-csdl' {
  interface Options {
    strict?: boolean;
    messages?: unknown[];
    lineNumbers?: boolean;
    annotations?: boolean;
  }
  const csdl: { xml2json(xml: string, options?: Options): Record<string, unknown> };
  export default csdl;
}
