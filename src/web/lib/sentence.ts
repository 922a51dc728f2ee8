/** A sentence from a phrase or a message: its first letter upper-case ("the file is empty." -> "The file is empty."). */
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
