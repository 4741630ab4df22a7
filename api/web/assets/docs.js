/* global document, window */
// Draws the API reference from the service's own OpenAPI document with Swagger UI (served by the service from
// the swagger-ui-dist package). Loaded deferred, after swagger-ui-bundle.js.
(function () {
  'use strict';
  var node = document.getElementById('api-reference');
  if (!node || typeof window.SwaggerUIBundle !== 'function') return;
  window.SwaggerUIBundle({
    url: node.getAttribute('data-spec'),
    domNode: node,
    // Deep links put a link inside each operation's toggle button: nested controls a screen reader cannot reach.
    deepLinking: false,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // No call to the public validator badge service: no request leaves this site.
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    onComplete: function () {
      node.setAttribute('data-loaded', 'true');
    },
  });
})();
