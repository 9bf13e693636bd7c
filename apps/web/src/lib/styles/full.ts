// Every style of the interface library (see first-screen.ts): imported by the signed-in shell and
// the public pages beyond sign-in, and fetched alongside their code.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
