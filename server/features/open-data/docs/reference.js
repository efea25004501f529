/* global window */
// The API reference page (/api/docs/): Swagger UI, from our own origin, over /api/openapi.json.
// A file of its own, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  // no calls to validator.swagger.io or anywhere else
  validatorUrl: null,
  // "Try it out" on a public read is harmless; writes need the csrftoken cookie anyway
  supportedSubmitMethods: ['get'],
});
