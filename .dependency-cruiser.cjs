/** Layer rules of DESIGN.md "Layout and who may import whom". */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds pure rules: it imports nothing outside itself (no I/O, no libraries).',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/domain/'] },
    },
    {
      name: 'contracts-only-zod-and-domain',
      comment: 'src/contracts imports zod and src/domain only.',
      severity: 'error',
      from: { path: '^src/contracts/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/contracts/', '^src/domain/', 'node_modules/zod/'] },
    },
    {
      name: 'catalog-reads-files-only',
      comment:
        'src/catalog reads the shipped data files for the server and the simulator; it imports src/domain and Node only.',
      severity: 'error',
      from: { path: '^src/catalog/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/catalog/', '^src/domain/', '^node:', '^(fs|path|url)$'] },
    },
    {
      name: 'web-not-server',
      comment: 'The browser code never imports server code or the AWS simulator.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: ['^src/server/', '^src/aws-sim/'] },
    },
    {
      name: 'server-not-web',
      comment: 'The server never imports browser code.',
      severity: 'error',
      from: { path: '^src/(server|aws-sim)/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'no-cross-module-repositories',
      comment: "A module calls another module's service, never its repository.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/([^/]+)/.+\\.repository\\.ts$', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'no-web-features-across',
      comment: 'Features do not import each other; shared pieces live in src/web/components.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-features-not-app',
      comment:
        'Features do not import the app layer (router, providers, layouts): what they share with it (the session, query keys) lives in src/web/lib.',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'web-shared-not-features-or-app',
      comment:
        'src/web/lib and src/web/components sit below the features and the app layer and import neither.',
      severity: 'error',
      from: { path: '^src/web/(lib|components)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'routes-do-not-touch-the-database',
      comment: 'A route validates, calls a service and maps the result; SQL lives in repositories.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '^src/server/db/'] },
    },
    {
      name: 'plugins-not-modules',
      comment:
        'Plugins are cross-cutting (auth, errors, limits): they depend on src/server/auth and contracts, and modules plug into them, not the reverse.',
      severity: 'error',
      from: { path: '^src/server/plugins/' },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'auth-layer-below-modules',
      comment:
        'src/server/auth (Viewer, the auth secret) is shared by modules and plugins, so it imports neither.',
      severity: 'error',
      from: { path: '^src/server/auth/' },
      to: { path: ['^src/server/modules/', '^src/server/plugins/'] },
    },
    {
      name: 'jobs-not-routes',
      comment: 'A job parses its payload and calls a service; HTTP shapes are no business of a worker.',
      severity: 'error',
      from: { path: '^src/server/jobs/' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'services-not-routes',
      comment: 'Routes call services; a service never reaches back up into a route file.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'production-not-testing',
      comment:
        'Test helpers (src/server/testing, src/aws-sim/testing, src/web/testing) are for tests, bench/ and e2e/; shipped code never imports them.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['\\.test\\.tsx?$', '^src/server/testing/', '^src/aws-sim/testing/', '^src/web/testing/'],
      },
      to: { path: ['^src/server/testing/', '^src/aws-sim/testing/', '^src/web/testing/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
