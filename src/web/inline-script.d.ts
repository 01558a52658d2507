/** A script built for a page's inline `<script>` (scripts/server-bundle.ts): its minified text. */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
