/** Decision 0015. */
export const SERVICE_UNAVAILABLE_TITLE = "We can't reach our database right now";
export const SERVICE_UNAVAILABLE_TEXT =
  "This page needs information we keep in our database, and the database is not answering at the moment. It is usually back within a few minutes: please try again shortly.";
export const SERVICE_UNAVAILABLE_FORM_TEXT =
  "If you were sending us a form, it was not received. Please send it again once the site is back.";

export const databaseDownMessages = {
  notReceived:
    "Your request was NOT received: we can't reach our database right now. What you typed is still in the form. Please send it again in a minute or two.",
  unconfirmedTitle: "We could not confirm your request",
  unconfirmed:
    "We lost contact with our database while saving your request, so we cannot tell whether it arrived. Please send it again in a minute or two; if we get it twice, we will only contact you once.",
} as const;
