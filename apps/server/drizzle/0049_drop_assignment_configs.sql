-- The assignment setting lives on as the first routing rule (0044 copied it there); its own table goes
DROP TABLE "ticket_assignment_configs";