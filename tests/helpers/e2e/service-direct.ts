/** An animal as the service's JSON carries it, ids kept as text. */
export interface DirectPet {
  id: string;
  name: string;
}

/**
 * Creates an animal straight on the service, behind the app's back, so the app
 * cannot have it cached and must ask the service for it.
 */
export async function createPetDirectly(
  baseUrl: string,
  key: string,
  pet: { name: string; categoryId: number; status?: string },
): Promise<DirectPet> {
  const response = await fetch(`${baseUrl}/pets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(pet),
  });
  const text = await response.text();
  if (response.status !== 201) {
    throw new Error(`Creating ${pet.name} on the service answered ${response.status}: ${text}`);
  }
  // The id may exceed 2^53: read it from the text, not through JSON.parse.
  const id = /"id"\s*:\s*"?(\d+)/.exec(text)?.[1];
  if (!id) throw new Error(`The service's answer has no id: ${text}`);
  return { id, name: pet.name };
}
