/** Demo e-mail addresses use the reserved example.* domains, so that no mail can reach a real person. */
export class EmailBook {
  private readonly taken = new Set<string>();

  /** Marks addresses already in the database (an admin's) as taken. */
  reserve(emails: readonly string[]): void {
    for (const email of emails) this.taken.add(email.toLowerCase());
  }

  /** `local@domain`, or `local<n>@domain` when that is taken. */
  make(local: string, domain: string, suffix?: string): string {
    let candidate = `${local}${suffix ?? ''}@${domain}`;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${local}${n}@${domain}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
