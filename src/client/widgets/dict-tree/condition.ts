/**
 * Tree selects pass a `condition` to the server as a JSON object string; anything else is refused
 * before a request is made (spec §5). Returns the text to send, '' when there is none, or null if bad.
 */
export function checkCondition(condition: string | undefined | null): string | null {
  if (condition === undefined || condition === null || condition.trim() === '') return '';
  try {
    const parsed: unknown = JSON.parse(condition);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? condition : null;
  } catch {
    return null;
  }
}
