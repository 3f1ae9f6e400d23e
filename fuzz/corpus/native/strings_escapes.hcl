s = "tab\there\nnew \"quoted\" back\\slash \u00e9 \U0001F600 $${literal} %%{literal}"
