/** A reader refused a file at one of its limits; the message is the user's note (from the contract). */
export class ReadRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadRefused';
  }
}
