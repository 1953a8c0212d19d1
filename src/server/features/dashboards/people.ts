// The dashboards and the exports of their lists scope by the same rules (src/server/queries/viewer-scope.ts).
export { viewerMarkets, viewerRdnIds } from '../../queries/viewer-scope'
