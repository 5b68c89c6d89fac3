/** The address without sid: the one-time credential must not stay in history or be bookmarked. */
export const withoutSid = (search: string): string => {
  const params = new URLSearchParams(search);
  params.delete('sid');
  const rest = params.toString();
  return rest ? `/sso?${rest}` : '/sso';
};
