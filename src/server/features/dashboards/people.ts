// The dashboards and the exports of their lists scope by the same rules (src/server/lib/viewer-scope.ts).
export { viewerMarkets, viewerRdnIds } from '../../lib/viewer-scope'
