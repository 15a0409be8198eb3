// The composition list: the feature rooms that take part in an order's life, and what they add to the
// registries other rooms read (the outbox's kinds of e-mail, Square's notification types). A new feature
// is a room of its own plus its line here; it never edits another room to get in. Every function that
// runs an order's stages, sends mail or hears Square imports this file (participants.test.ts checks it).
import { dinerMailKinds } from "./accounts";
import { contactMailKinds } from "./content";
import { comeBackMailKinds } from "./feedback";
import { giftCardMailKinds } from "./giftcards";
import { registerMailKinds } from "./mail";
import { orderMailKinds } from "./orders";
import { staffMailKinds } from "./staff";

registerMailKinds([...staffMailKinds, ...contactMailKinds, ...giftCardMailKinds, ...comeBackMailKinds, ...dinerMailKinds, ...orderMailKinds]);
