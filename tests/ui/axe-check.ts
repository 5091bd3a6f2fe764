import axe from 'axe-core';

/**
 * The serious and critical axe-core violations of the rendered document, as "rule: target" lines.
 * jsdom has no layout, so colour contrast is left to the browser (end-to-end) suite, and its bare
 * document has no lang (index.html sets it).
 */
export async function seriousA11yViolations(): Promise<string[]> {
  const result = await axe.run(document, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false }, 'html-has-lang': { enabled: false } },
  });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}
