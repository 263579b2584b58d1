// parse-prometheus-text-format ships no types: the families it returns (see its README).
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
